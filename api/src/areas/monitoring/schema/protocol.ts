import { z } from '@hono/zod-openapi';
import { Timestamp, text } from '../../../core/schema.ts';
import { AGENT_HEALTH, CHECK_KINDS, SETTINGS_VIEWS } from './management.ts';

/**
 * The agent protocol's shapes (docs/monitoring.md): the original product's paths and field names,
 * so its agents can point here, and this repository's agent (agent/) uses them too.
 */

export const AssignmentSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    kind: z.enum(CHECK_KINDS),
    target: z.string(),
    frequency_s: z.number().int(),
    timeout_ms: z.number().int(),
    ...SETTINGS_VIEWS,
  })
  .openapi('AgentEndpoint', {
    description: 'An endpoint this agent checks, with everything the check needs.',
  });

export const AssignmentsSchema = z
  .object({
    agent: z.object({ id: z.uuid(), name: z.string(), location: z.string() }),
    config_version: z.string().openapi({ description: 'Changes whenever the answer would; the ETag too.' }),
    poll_interval_s: z
      .number()
      .int()
      .openapi({ description: 'How often to ask again (with If-None-Match).' }),
    endpoints: z.array(AssignmentSchema),
  })
  .openapi('AgentAssignments');
export type Assignments = z.output<typeof AssignmentsSchema>;

const ms = z.number().min(0).max(86_400_000);
const short = (max: number) => text().max(max).nullish();
const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** At most this many results in one batch. */
export const MAX_BATCH = 500;

export const CheckResultSchema = z
  .object({
    result_id: z.uuid().openapi({
      description: 'The ID the agent made for this result: a batch sent again is stored once.',
    }),
    endpoint_id: z.uuid(),
    success: z.boolean(),
    checked_at: z.iso.datetime({ offset: true }).openapi({ description: 'When the check began.' }),
    duration_ms: ms,
    status_code: z.number().int().min(0).max(999).nullish(),
    error_code: short(100),
    error_name: short(200),
    error_message: short(1000),
    resolved_ip: short(64),
    http_dns_lookup_ms: ms.nullish(),
    http_tcp_connect_ms: ms.nullish(),
    http_tls_handshake_ms: ms.nullish(),
    http_time_to_first_byte_ms: ms.nullish(),
    http_response_size_bytes: count.nullish(),
    http_tls_version: short(32),
    http_error_category: z
      .enum(['timeout', 'connection', 'dns', 'network', 'response', 'configuration', 'other'])
      .nullish(),
    http_tls_valid: z.boolean().nullish(),
    http_tls_days_until_expiry: z.number().int().min(-100_000).max(100_000).nullish(),
    ssl_cert_not_after: z.iso.datetime({ offset: true }).nullish(),
    http_tls_issuer: short(500),
    http_tls_subject: short(500),
    tcp_connected: z.boolean().nullish(),
    tcp_banner: short(256),
    tcp_response_matched: z.boolean().nullish(),
    dns_rcode: short(32),
    dns_records: z.array(text().max(500)).max(50).nullish(),
    dns_matched: z.boolean().nullish(),
    dns_query_time_ms: ms.nullish(),
    dns_protocol: short(16),
    dns_record_type: short(16),
    dns_dnssec_valid: z.boolean().nullish(),
    icmp_rtt_ms: ms.nullish(),
    icmp_packet_loss_percent: z.number().min(0).max(100).nullish(),
    icmp_packets_sent: count.nullish(),
    icmp_packets_received: count.nullish(),
    icmp_min_rtt_ms: ms.nullish(),
    icmp_max_rtt_ms: ms.nullish(),
  })
  .openapi('CheckResult', { description: "One check's result (the original product's field names)." });
export type CheckResultInput = z.output<typeof CheckResultSchema>;

export const ResultBatchSchema = z
  .object({ results: z.array(CheckResultSchema).min(1).max(MAX_BATCH) })
  .openapi('CheckResultBatch');

export const IngestOutcomeSchema = z
  .object({
    accepted: z.number().int().openapi({ description: 'Results stored now.' }),
    duplicates: z.number().int().openapi({ description: 'Results stored before (a batch sent again).' }),
    rejected: z.array(z.object({ result_id: z.uuid(), reason: z.enum(['endpoint_unknown']) })).openapi({
      description: 'Results not stored: their endpoint is not one this agent may check. Do not send again.',
    }),
  })
  .openapi('CheckResultOutcome');
export type IngestOutcome = z.output<typeof IngestOutcomeSchema>;

const metrics = z.record(text().max(100), z.union([z.number(), z.string().max(200), z.boolean(), z.null()]));
const bounded = (of: z.ZodType) =>
  of.optional().refine((v) => v === undefined || JSON.stringify(v).length <= 8192, {
    error: 'At most 8 KiB.',
  });

export const HealthReportSchema = z
  .object({
    status: z.enum(AGENT_HEALTH),
    version: text().min(1).max(64),
    kind: z.enum(['agent', 'operator']).default('agent'),
    uptime_seconds: z
      .number()
      .int()
      .min(0)
      .max(10 * 365 * 86400),
    reported_agent_id: z.uuid().nullish().openapi({ description: "Accepted when it is this agent's ID." }),
    start_time: Timestamp.nullish(),
    reported_at: Timestamp.nullish(),
    last_config_update: Timestamp.nullish(),
    config_version: short(200),
    storage_healthy: z.boolean().nullish(),
    api_connected: z.boolean().nullish(),
    check_metrics: bounded(metrics),
    resource_metrics: bounded(metrics),
    network_metrics: bounded(metrics),
    error_counts: bounded(z.record(text().max(100), count)),
    warnings: z.array(text().max(500)).max(50).optional(),
    critical_errors: z.array(text().max(500)).max(50).optional(),
    system_info: bounded(metrics),
    storage_stats: bounded(metrics),
    agent_configuration: bounded(metrics),
    check_summary: bounded(metrics),
    check_results: z.array(CheckResultSchema).max(MAX_BATCH).optional().openapi({
      description:
        'Results sent with the report, as the original product allows; stored as a batch would be.',
    }),
  })
  .openapi('AgentHealthReport');
export type HealthReport = z.output<typeof HealthReportSchema>;

export const HealthAnswerSchema = z
  .object({
    agent_id: z.uuid(),
    organization: z.uuid(),
    workspace: z.uuid().nullable(),
    received_at: Timestamp,
    results: IngestOutcomeSchema.nullable().openapi({
      description: 'What became of `check_results`, if sent.',
    }),
  })
  .openapi('AgentHealthAnswer');

export const ErrorReportSchema = z
  .object({
    error_counts: bounded(z.record(text().max(100), count)),
    recent_errors: z
      .array(
        z.object({
          at: Timestamp.nullish(),
          endpoint_id: z.uuid().nullish(),
          code: short(100),
          message: text().max(1000),
        }),
      )
      .max(50)
      .default([]),
    system_info: bounded(metrics),
  })
  .openapi('AgentErrorReport');
export type ErrorReport = z.output<typeof ErrorReportSchema>;

export const ErrorAnswerSchema = z
  .object({ agent_id: z.uuid(), received_at: Timestamp, errors: z.number().int() })
  .openapi('AgentErrorAnswer');
