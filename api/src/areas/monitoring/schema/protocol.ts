import { z } from '@hono/zod-openapi';
import { Timestamp, text } from '../../../core/schema.ts';
import { AGENT_HEALTH, CHECK_KINDS, SETTINGS_VIEWS } from './management.ts';

/**
 * The agent protocol's shapes (docs/monitoring.md): the original product's paths and field names,
 * so its agents can point here, and this repository's agent (agent/) uses them too.
 */

const AGENT_ID = '7c1e2a3b-4d5e-4f60-8a1b-2c3d4e5f6a7b';
const ORG_ID = '3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f';
const ENDPOINT_ID = '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a';
const AT = '2026-11-26T10:00:00.000Z';
const d = (description: string) => ({ description });

export const AssignmentSchema = z
  .object({
    id: z.uuid().openapi(d('The endpoint, as results name it (`endpoint_id`).')),
    name: z.string().openapi(d('Its name.')),
    kind: z.enum(CHECK_KINDS).openapi(d('http(s), tcp or dns.')),
    target: z.string().openapi(d('http: a URL; tcp: `host:port`; dns: the name to resolve.')),
    frequency_s: z.number().int().openapi(d('Seconds between checks.')),
    timeout_ms: z.number().int().openapi(d('How long a check may take, in ms.')),
    ...SETTINGS_VIEWS,
  })
  .openapi('AgentEndpoint', {
    description: 'An endpoint this agent checks, with everything the check needs.',
  });

export const AssignmentsSchema = z
  .object({
    agent: z
      .object({
        id: z.uuid().openapi(d("The agent's ID.")),
        name: z.string().openapi(d('Its name.')),
        location: z.string().openapi(d('Its location.')),
      })
      .openapi(d('The agent the token is bound to.')),
    config_version: z.string().openapi(d('Changes whenever the answer would; the ETag too.')),
    poll_interval_s: z.number().int().openapi(d('How often to ask again (with If-None-Match).')),
    endpoints: z.array(AssignmentSchema).openapi(d('What to check.')),
  })
  .openapi('AgentAssignments', {
    description: "An agent's assignments.",
    example: {
      agent: { id: AGENT_ID, name: 'eu-probe-1', location: 'eu-central' },
      config_version: 'Vj3kQ9xZ7mW2vB8nR4tY6uP1sD5',
      poll_interval_s: 30,
      endpoints: [
        {
          id: ENDPOINT_ID,
          name: 'shop',
          kind: 'http',
          target: 'https://shop.example.com/healthz',
          frequency_s: 30,
          timeout_ms: 10000,
          http: {
            method: 'GET',
            headers: { Authorization: 'Bearer health-check-token' },
            expected_status: [200],
            body_match: null,
            tls_expiry_days: 14,
            insecure_skip_verify: false,
          },
          tcp: null,
          dns: null,
        },
      ],
    },
  });
export type Assignments = z.output<typeof AssignmentsSchema>;

const ms = (what: string) =>
  z
    .number()
    .min(0)
    .max(86_400_000)
    .openapi(d(`${what}, in ms.`));
const short = (max: number, what: string) => text().max(max).nullish().openapi(d(what));
const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const yes = (what: string) => z.boolean().nullish().openapi(d(what));

/** At most this many results in one batch. */
export const MAX_BATCH = 500;

const RESULT_EXAMPLE = {
  result_id: '0193a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b',
  endpoint_id: ENDPOINT_ID,
  success: true,
  checked_at: AT,
  duration_ms: 41.2,
  status_code: 200,
  http_dns_lookup_ms: 1.1,
  http_tcp_connect_ms: 5.3,
  http_tls_handshake_ms: 12.4,
  http_time_to_first_byte_ms: 38.9,
  http_tls_days_until_expiry: 61,
};

export const CheckResultSchema = z
  .object({
    result_id: z
      .uuid()
      .openapi(d('The ID the agent made for this result: a batch sent again is stored once.')),
    endpoint_id: z.uuid().openapi(d('The endpoint checked.')),
    success: z.boolean().openapi(d('The check passed.')),
    checked_at: z.iso
      .datetime({ offset: true })
      .openapi(d('When the check began (at most 5 minutes ahead).')),
    duration_ms: ms('How long the check took'),
    status_code: z.number().int().min(0).max(999).nullish().openapi(d("http: the answer's status.")),
    error_code: short(100, 'Why it failed (ECONNREFUSED, HTTP_STATUS, CERT_EXPIRING, …).'),
    error_name: short(200, "The error's name."),
    error_message: short(1000, 'A short message about the failure.'),
    resolved_ip: short(64, 'The address the target resolved to.'),
    http_dns_lookup_ms: ms('http: name resolution').nullish(),
    http_tcp_connect_ms: ms('http: the TCP connection').nullish(),
    http_tls_handshake_ms: ms('http: the TLS handshake').nullish(),
    http_time_to_first_byte_ms: ms("http: until the answer's first byte").nullish(),
    http_response_size_bytes: count.nullish().openapi(d("http: the answer's size in bytes.")),
    http_tls_version: short(32, 'http: the TLS version.'),
    http_error_category: z
      .enum(['timeout', 'connection', 'dns', 'network', 'response', 'configuration', 'other'])
      .nullish()
      .openapi(d('What kind of failure it was.')),
    http_tls_valid: yes('http: a trusted authority signed the certificate.'),
    http_tls_days_until_expiry: z
      .number()
      .int()
      .min(-100_000)
      .max(100_000)
      .nullish()
      .openapi(d("http: days until the certificate's end (negative: expired).")),
    ssl_cert_not_after: z.iso.datetime({ offset: true }).nullish().openapi(d("http: the certificate's end.")),
    http_tls_issuer: short(500, "http: the certificate's issuer."),
    http_tls_subject: short(500, "http: the certificate's subject."),
    tcp_connected: yes('tcp: the connection was made.'),
    tcp_banner: short(256, 'tcp: the first bytes the server sent.'),
    tcp_response_matched: yes('tcp: the banner matched.'),
    dns_rcode: short(32, 'dns: the answer code (NOERROR, NXDOMAIN, …).'),
    dns_records: z.array(text().max(500)).max(50).nullish().openapi(d('dns: the answers.')),
    dns_matched: yes('dns: every expected answer was there.'),
    dns_query_time_ms: ms('dns: the query').nullish(),
    dns_protocol: short(16, 'dns: udp or tcp.'),
    dns_record_type: short(16, 'dns: the record type asked.'),
    dns_dnssec_valid: yes('dns: DNSSEC validated.'),
    icmp_rtt_ms: ms('icmp: the round trip').nullish(),
    icmp_packet_loss_percent: z.number().min(0).max(100).nullish().openapi(d('icmp: packets lost, in %.')),
    icmp_packets_sent: count.nullish().openapi(d('icmp: packets sent.')),
    icmp_packets_received: count.nullish().openapi(d('icmp: packets received.')),
    icmp_min_rtt_ms: ms('icmp: the shortest round trip').nullish(),
    icmp_max_rtt_ms: ms('icmp: the longest round trip').nullish(),
  })
  .strict()
  .openapi('CheckResult', {
    description: "One check's result (the original product's field names).",
    example: RESULT_EXAMPLE,
  });
export type CheckResultInput = z.output<typeof CheckResultSchema>;

export const ResultBatchSchema = z
  .object({
    results: z.array(CheckResultSchema).min(1).max(MAX_BATCH).openapi(d('1 to 500 results, oldest first.')),
  })
  // Strict here, not by the route's jsonBody: the job thread validates with this schema alone.
  .strict()
  .openapi('CheckResultBatch', {
    description: 'A batch of check results.',
    example: { results: [RESULT_EXAMPLE] },
  });

/** Why a result was not stored. */
export const REJECTIONS = ['endpoint_unknown', 'checked_at_in_future'] as const;

export const IngestOutcomeSchema = z
  .object({
    accepted: z.number().int().openapi(d('Results stored now.')),
    duplicates: z.number().int().openapi(d('Results stored before (a batch sent again).')),
    rejected: z
      .array(
        z.object({
          result_id: z.uuid().openapi(d('The result.')),
          reason: z
            .enum(REJECTIONS)
            .openapi(
              d(
                "endpoint_unknown: not an endpoint this agent may check; checked_at_in_future: the agent's clock is ahead.",
              ),
            ),
        }),
      )
      .openapi(d('Results not stored, and why. Do not send them again.')),
  })
  .openapi('CheckResultOutcome', {
    description: 'What became of a batch.',
    example: { accepted: 199, duplicates: 1, rejected: [] },
  });
export type IngestOutcome = z.output<typeof IngestOutcomeSchema>;

/** A figure's name (`checks_skipped_total`, `ECONNREFUSED`): a short token, so nothing odd is kept. */
const FIGURE_NAME = /^[A-Za-z0-9_.:/-]{1,100}$/;
const figureName = z.string().regex(FIGURE_NAME);
/** A record of figures, its key pattern in the document too (zod leaves `propertyNames` out). */
const figures = <V extends z.ZodType>(value: V) =>
  z
    .record(figureName, value)
    .openapi({ propertyNames: { type: 'string', pattern: FIGURE_NAME.source } } as never);
const metrics = figures(z.union([z.number(), text().max(200), z.boolean(), z.null()]));
const bounded = (of: z.ZodType, what: string) =>
  of
    .optional()
    .refine((v) => v === undefined || JSON.stringify(v).length <= 8192, { error: 'At most 8 KiB.' })
    .openapi(d(`${what} (at most 8 KiB).`));

export const HealthReportSchema = z
  .object({
    status: z.enum(AGENT_HEALTH).openapi(d('How the agent is.')),
    version: text().min(1).max(64).openapi(d("The agent's version.")),
    kind: z
      .enum(['agent', 'operator'])
      .default('agent')
      .openapi(d('What reports (the original product has both).')),
    uptime_seconds: z
      .number()
      .int()
      .min(0)
      .max(10 * 365 * 86400)
      .openapi(d('How long it has run.')),
    reported_agent_id: z.uuid().nullish().openapi(d("Accepted when it is this agent's ID.")),
    start_time: Timestamp.nullish().openapi(d('When it started.')),
    reported_at: Timestamp.nullish().openapi(d('When it made the report.')),
    last_config_update: Timestamp.nullish().openapi(d('When its assignments last changed.')),
    config_version: short(200, 'The assignments version it runs.'),
    storage_healthy: yes('Its buffer can be written.'),
    api_connected: yes('The API answered its last request.'),
    check_metrics: bounded(metrics, 'Check counters (monitored_endpoints, checks_skipped_total, …)'),
    resource_metrics: bounded(metrics, 'Memory and CPU figures'),
    network_metrics: bounded(metrics, 'Network figures'),
    error_counts: bounded(figures(count), 'Errors by code'),
    warnings: z.array(text().max(500)).max(50).optional().openapi(d('Warnings, at most 50.')),
    critical_errors: z.array(text().max(500)).max(50).optional().openapi(d('Critical errors, at most 50.')),
    system_info: bounded(metrics, 'Runtime, platform and host'),
    storage_stats: bounded(metrics, "The buffer's figures"),
    agent_configuration: bounded(metrics, 'Its configuration (never its token)'),
    check_summary: bounded(metrics, 'A summary of recent checks'),
    check_results: z
      .array(CheckResultSchema)
      .max(MAX_BATCH)
      .optional()
      .openapi(
        d('Results sent with the report, as the original product allows; stored as a batch would be.'),
      ),
  })
  .openapi('AgentHealthReport', {
    description: "An agent's health report.",
    example: {
      status: 'healthy',
      version: '0.1.0',
      uptime_seconds: 86400,
      check_metrics: { monitored_endpoints: 120, checks_skipped_total: 0, results_buffered: 0 },
      resource_metrics: { rss_bytes: 83886080 },
    },
  });
export type HealthReport = z.output<typeof HealthReportSchema>;

export const HealthAnswerSchema = z
  .object({
    agent_id: z.uuid().openapi(d("The agent's ID.")),
    organization: z.uuid().openapi(d('Its organization.')),
    workspace: z.uuid().nullable().openapi(d('Its workspace; null: the organization.')),
    received_at: Timestamp.openapi(d('When the report arrived.')),
    results: IngestOutcomeSchema.nullable().openapi(d('What became of `check_results`, if sent.')),
  })
  .openapi('AgentHealthAnswer', {
    description: 'A health report, received.',
    example: {
      agent_id: AGENT_ID,
      organization: ORG_ID,
      workspace: null,
      received_at: AT,
      results: { accepted: 1, duplicates: 0, rejected: [] },
    },
  });
export type HealthAnswer = z.output<typeof HealthAnswerSchema>;

export const ErrorReportSchema = z
  .object({
    error_counts: bounded(figures(count), 'Errors by code'),
    recent_errors: z
      .array(
        z
          .object({
            at: Timestamp.nullish().openapi(d('When it happened.')),
            endpoint_id: z.uuid().nullish().openapi(d('The endpoint, if one.')),
            code: short(100, 'Its code.'),
            message: text().max(1000).openapi(d('What happened.')),
          })
          .strict(),
      )
      .max(50)
      .default([])
      .openapi(d('Recent errors, at most 50.')),
    system_info: bounded(metrics, 'Runtime, platform and host'),
  })
  .openapi('AgentErrorReport', {
    description: "An agent's error report.",
    example: {
      error_counts: { ECONNREFUSED: 3 },
      recent_errors: [
        { at: AT, endpoint_id: ENDPOINT_ID, code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' },
      ],
    },
  });
export type ErrorReport = z.output<typeof ErrorReportSchema>;

export const ErrorAnswerSchema = z
  .object({
    agent_id: z.uuid().openapi(d("The agent's ID.")),
    received_at: Timestamp.openapi(d('When the report arrived.')),
    errors: z.number().int().openapi(d('Recent errors kept.')),
  })
  .openapi('AgentErrorAnswer', {
    description: 'An error report, received.',
    example: { agent_id: AGENT_ID, received_at: AT, errors: 1 },
  });
