import type {
  AgentIdentity,
  AssignedEndpoint,
  DnsCheckConfig,
  DnsRecordType,
  HttpCheckConfig,
  TcpCheckConfig,
} from './protocol.ts';

/** An endpoints answer as the agent runs it: every endpoint complete and within bounds. */
export interface Assignments {
  agent: AgentIdentity;
  configVersion: string;
  pollIntervalMs: number;
  endpoints: AssignedEndpoint[];
}

export interface ParsedAssignments {
  assignments: Assignments;
  /** Endpoints left out, with why: the rest still run. */
  invalid: { id: string; reason: string }[];
}

const RECORD_TYPES: readonly string[] = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS'] satisfies DnsRecordType[];
const MAX_TIMEOUT_MS = 120_000;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const strOrNull = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/**
 * The endpoints answer checked and completed. A malformed whole (no agent, no list) throws; a
 * malformed endpoint is left out and named, so one bad row does not stop the others. Missing
 * per-kind settings take their defaults; a frequency under 1 s is raised to 1 s and a timeout is
 * kept within 1 ms and 2 min.
 */
export function parseAssignments(body: unknown): ParsedAssignments {
  if (
    !isObj(body) ||
    !isObj(body.agent) ||
    typeof body.agent.id !== 'string' ||
    !Array.isArray(body.endpoints)
  ) {
    throw new Error('the endpoints answer lacks its agent or its endpoints');
  }
  const agent: AgentIdentity = {
    id: body.agent.id,
    name: str(body.agent.name) ?? '',
    location: str(body.agent.location) ?? '',
  };
  const endpoints: AssignedEndpoint[] = [];
  const invalid: { id: string; reason: string }[] = [];
  const seen = new Set<string>();
  for (const raw of body.endpoints as unknown[]) {
    const result = parseEndpoint(raw);
    if (typeof result === 'string') {
      invalid.push({ id: isObj(raw) ? String(raw.id) : '?', reason: result });
    } else if (seen.has(result.id)) {
      invalid.push({ id: result.id, reason: 'listed twice' });
    } else {
      seen.add(result.id);
      endpoints.push(result);
    }
  }
  const poll = num(body.poll_interval_s);
  return {
    assignments: {
      agent,
      configVersion: str(body.config_version) ?? '',
      pollIntervalMs: (poll !== undefined && poll > 0 ? poll : 30) * 1000,
      endpoints,
    },
    invalid,
  };
}

function parseEndpoint(raw: unknown): AssignedEndpoint | string {
  if (!isObj(raw)) return 'not an object';
  const id = str(raw.id);
  if (!id) return 'no id';
  const kind = raw.kind;
  if (kind !== 'http' && kind !== 'tcp' && kind !== 'dns') return `unknown kind ${String(kind)}`;
  const target = str(raw.target)?.trim();
  if (!target) return 'no target';
  const frequency = num(raw.frequency_s);
  if (frequency === undefined || frequency <= 0) return 'no frequency';
  const timeout = num(raw.timeout_ms) ?? 10_000;
  const endpoint: AssignedEndpoint = {
    id,
    name: str(raw.name) ?? '',
    kind,
    target,
    frequency_s: Math.max(1, frequency),
    timeout_ms: Math.min(Math.max(1, Math.round(timeout)), MAX_TIMEOUT_MS),
    http: null,
    tcp: null,
    dns: null,
  };
  if (kind === 'http') endpoint.http = httpConfig(isObj(raw.http) ? raw.http : {});
  else if (kind === 'tcp') endpoint.tcp = tcpConfig(isObj(raw.tcp) ? raw.tcp : {});
  else {
    const dns = dnsConfig(isObj(raw.dns) ? raw.dns : {});
    if (typeof dns === 'string') return dns;
    endpoint.dns = dns;
  }
  return endpoint;
}

function httpConfig(h: Obj): HttpCheckConfig {
  const headers: Record<string, string> = {};
  if (isObj(h.headers)) {
    for (const [k, v] of Object.entries(h.headers)) if (typeof v === 'string') headers[k] = v;
  }
  const statuses = Array.isArray(h.expected_status)
    ? h.expected_status.filter((s): s is number => Number.isInteger(s))
    : [];
  const days = num(h.tls_expiry_days);
  return {
    method: (str(h.method) ?? 'GET').toUpperCase(),
    headers,
    expected_status: statuses,
    body_match: strOrNull(h.body_match),
    tls_expiry_days: days !== undefined && days > 0 ? days : null,
    insecure_skip_verify: h.insecure_skip_verify === true,
  };
}

function tcpConfig(t: Obj): TcpCheckConfig {
  return { banner_match: strOrNull(t.banner_match) };
}

function dnsConfig(d: Obj): DnsCheckConfig | string {
  const type = str(d.record_type)?.toUpperCase() ?? 'A';
  if (!RECORD_TYPES.includes(type)) return `unknown record type ${type}`;
  return {
    record_type: type as DnsRecordType,
    expected: Array.isArray(d.expected) ? d.expected.filter((e): e is string => typeof e === 'string') : [],
    server: strOrNull(d.server),
  };
}

/** What makes two versions of an endpoint the same check: any difference restarts it. */
export function fingerprint(e: AssignedEndpoint): string {
  return JSON.stringify(e);
}
