/**
 * The agent's wire contract with the Plinth API (`/api/v1/agent/…`), as TypeScript types only,
 * field names as they travel (snake_case). The API side is written to the same contract; nothing
 * here is generated yet.
 */

export type CheckKind = 'http' | 'tcp' | 'dns';
export type DnsRecordType = 'A' | 'AAAA' | 'CNAME' | 'MX' | 'TXT' | 'NS';

export interface HttpCheckConfig {
  method: string;
  headers: Record<string, string>;
  /** Empty: any 2xx passes. */
  expected_status: number[];
  /** A substring the body (its first MiB) must contain. */
  body_match: string | null;
  /** Fail when the certificate expires within this many days. */
  tls_expiry_days: number | null;
  /** Check an untrusted certificate anyway: `http_tls_valid` is then false, not a failure. */
  insecure_skip_verify: boolean;
}

export interface TcpCheckConfig {
  banner_match: string | null;
}

export interface DnsCheckConfig {
  record_type: DnsRecordType;
  /** Every one must be among the answers; empty: any non-empty answer passes. */
  expected: string[];
  /** `"ip:port"` (`"[v6]:port"`); null: the system's resolvers. */
  server: string | null;
}

export interface AssignedEndpoint {
  id: string;
  name: string;
  kind: CheckKind;
  /** http: a URL; tcp: `host:port`; dns: the name to resolve. */
  target: string;
  frequency_s: number;
  timeout_ms: number;
  http: HttpCheckConfig | null;
  tcp: TcpCheckConfig | null;
  dns: DnsCheckConfig | null;
}

export interface AgentIdentity {
  id: string;
  name: string;
  location: string;
}

/** `GET /api/v1/agent/endpoints/` 200 (with `ETag: "<config_version>"`); 304 when unchanged. */
export interface AssignmentsResponse {
  agent: AgentIdentity;
  config_version: string;
  poll_interval_s: number;
  endpoints: AssignedEndpoint[];
}

export type HttpErrorCategory =
  'timeout' | 'connection' | 'dns' | 'network' | 'response' | 'configuration' | 'other';

/**
 * One check's result. Timings are milliseconds with at most 3 decimals. The http phases are each
 * phase's own duration (as k6 measures them): lookup from the start, connect from the lookup, TLS
 * from the connect, first byte from the request being written to the response's headers.
 */
export interface CheckResult {
  /** UUID v7, made with the result: the API dedupes by it. */
  result_id: string;
  endpoint_id: string;
  success: boolean;
  /** When the check started, ISO 8601 in UTC (`Z`). */
  checked_at: string;
  duration_ms: number;
  status_code?: number | null;
  error_code?: string | null;
  error_name?: string | null;
  error_message?: string | null;
  resolved_ip?: string | null;
  http_dns_lookup_ms?: number | null;
  http_tcp_connect_ms?: number | null;
  http_tls_handshake_ms?: number | null;
  http_time_to_first_byte_ms?: number | null;
  http_response_size_bytes?: number | null;
  http_tls_version?: string | null;
  http_error_category?: HttpErrorCategory | null;
  http_tls_valid?: boolean | null;
  http_tls_days_until_expiry?: number | null;
  ssl_cert_not_after?: string | null;
  http_tls_issuer?: string | null;
  http_tls_subject?: string | null;
  tcp_connected?: boolean | null;
  tcp_banner?: string | null;
  tcp_response_matched?: boolean | null;
  dns_rcode?: string | null;
  dns_records?: string[] | null;
  dns_matched?: boolean | null;
  dns_query_time_ms?: number | null;
  dns_record_type?: DnsRecordType | null;
}

/** `POST /api/v1/agent/results/` body: 1 to 500 results. */
export interface ResultsRequest {
  results: CheckResult[];
}

/** `POST /api/v1/agent/results/` 200. */
export interface ResultsResponse {
  accepted: number;
  duplicates: number;
  rejected: { result_id: string; reason: string }[];
}

export type AgentStatus = 'healthy' | 'degraded' | 'unhealthy' | 'critical';

/** `POST /api/v1/agent/health/` body (201). */
export interface HealthReport {
  status: AgentStatus;
  version: string;
  kind: 'agent';
  uptime_seconds: number;
  start_time: string;
  reported_at: string;
  api_connected: boolean;
  storage_healthy: boolean;
  config_version: string | null;
  check_metrics: {
    monitored_endpoints: number;
    checks_per_minute: number;
    checks_in_queue: number;
    checks_skipped_total: number;
    successful_checks_total: number;
    failed_checks_total: number;
    total_checks_executed: number;
    results_buffered: number;
    results_dropped_total: number;
  };
  resource_metrics: { rss_bytes: number; cpu_seconds_total: number };
}

export interface RecentError {
  at: string;
  endpoint_id: string | null;
  code: string;
  message: string;
}

/** `POST /api/v1/agent/errors/` body (201); `recent_errors` holds at most 50. */
export interface ErrorReport {
  error_counts: Record<string, number>;
  recent_errors: RecentError[];
  system_info: { node: string; platform: string; arch: string; hostname: string };
}
