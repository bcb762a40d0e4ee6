import { z } from '@hono/zod-openapi';
import { PageQuerySchema } from '../../../core/pagination.ts';
import { Timestamp, text } from '../../../core/schema.ts';

const name = text()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]*$/, { error: 'Letters, digits, spaces, `.`, `_` and `-`.' });
/** A location as agents and endpoints name it (`eu-central`, `office-berlin`). */
const Location = z
  .string()
  .min(1)
  .max(63)
  .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/, { error: 'Lower-case letters, digits and `-`.' })
  .openapi({ example: 'eu-central' });

export const AGENT_HEALTH = ['healthy', 'degraded', 'unhealthy', 'critical'] as const;

export const AgentSchema = z
  .object({
    id: z.uuid(),
    organization: z.uuid(),
    workspace: z.uuid().nullable().openapi({
      description: "Its workspace: it checks that workspace's endpoints only. Null: the organization's.",
    }),
    name: z.string(),
    location: z.string().openapi({ description: 'Where it runs; endpoints choose locations by this name.' }),
    description: z.string(),
    archived: z.boolean().openapi({ description: 'Archived: its tokens no longer work; its history stays.' }),
    health: z
      .enum(AGENT_HEALTH)
      .nullable()
      .openapi({ description: 'What its last health report said; null before the first.' }),
    version: z.string().nullable().openapi({ description: 'The version its last health report gave.' }),
    uptime_seconds: z.number().int().nullable(),
    last_report_at: Timestamp.nullable().openapi({ description: 'When its last health report arrived.' }),
    token_prefix: z.string().openapi({ description: 'The first characters of its newest token.' }),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('Agent', { description: 'A monitoring agent: a name and a location, with a token of its own.' });
export type AgentView = z.output<typeof AgentSchema>;

export const AgentWithTokenSchema = AgentSchema.extend({
  token: z.string().openapi({
    description: 'Its token (`pla_…`): shown this once. It reaches the agent endpoints and nothing else.',
  }),
  previous_token_expires_at: Timestamp.nullable().openapi({
    description: 'After a rotation: when the tokens it had before stop working (the grace period).',
  }),
}).openapi('AgentWithToken');

export const AgentCreateSchema = z
  .object({
    organization: z.uuid(),
    workspace: z.uuid().nullable().optional().openapi({
      description: "Limit it to one workspace's endpoints (a Workspace Admin of it may then create it).",
    }),
    name,
    location: Location,
    description: text().max(500).optional(),
  })
  .openapi('AgentCreate');
export type AgentCreate = z.output<typeof AgentCreateSchema>;

export const AgentUpdateSchema = z
  .object({ name: name.optional(), location: Location.optional(), description: text().max(500).optional() })
  .openapi('AgentUpdate');
export type AgentUpdate = z.output<typeof AgentUpdateSchema>;

export const RotateTokenSchema = z
  .object({
    grace_seconds: z
      .number()
      .int()
      .min(0)
      .max(7 * 86400)
      .default(3600)
      .openapi({
        description:
          'How long the tokens it has keep working (default one hour, at most seven days; 0 ends them now).',
      }),
  })
  .openapi('AgentTokenRotate');

export const AgentListQuerySchema = PageQuerySchema.extend({
  organization: z.uuid().optional(),
  workspace: z.uuid().optional(),
  archived: z
    .enum(['true', 'false'])
    .optional()
    .openapi({ description: 'Archived agents too (`true`), or not.' }),
});
export type AgentListQuery = z.output<typeof AgentListQuerySchema>;

const header = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/);
const Labels = z
  .object({
    severity: z.enum(['critical', 'warning', 'info']).default('critical').openapi({
      description: 'critical: respond now; warning: within 24 hours; info: no action needed.',
    }),
    component: text().max(100).optional(),
    team: text().max(100).optional(),
    environment: text().max(100).optional(),
  })
  .openapi('EndpointLabels', {
    description: "The labels of the endpoint's alerts (the platform's conventions).",
  });
const Annotations = z
  .object({
    summary: text().max(300).optional(),
    description: text().max(2000).optional(),
    runbook_url: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .optional(),
    dashboard_url: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .optional(),
  })
  .openapi('EndpointAnnotations');

export const HttpSettingsSchema = z
  .object({
    method: z.enum(['GET', 'HEAD', 'POST', 'PUT', 'OPTIONS']).default('GET'),
    headers: z
      .record(header, text().max(4000))
      .default({})
      .refine((h) => Object.keys(h).length <= 20, {
        error: 'At most 20 headers.',
      }),
    expected_status: z.array(z.number().int().min(100).max(599)).max(20).default([]).openapi({
      description: 'The statuses that pass; empty: any 2xx.',
    }),
    body_match: text().min(1).max(1000).nullable().default(null).openapi({
      description: 'Text the body must contain (first MiB).',
    }),
    tls_expiry_days: z.number().int().min(0).max(365).default(14).openapi({
      description: 'Fail when the certificate expires within this many days (0: never on expiry alone).',
    }),
    insecure_skip_verify: z.boolean().default(false).openapi({
      description: 'Check a certificate no trusted authority signed (its expiry is still checked).',
    }),
  })
  .openapi('HttpCheck');
export const TcpSettingsSchema = z
  .object({ banner_match: text().min(1).max(256).nullable().default(null) })
  .openapi('TcpCheck');
export const DnsSettingsSchema = z
  .object({
    record_type: z.enum(['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS']).default('A'),
    expected: z.array(text().min(1).max(255)).max(20).default([]).openapi({
      description: 'Answers that must all be present; empty: any answer passes.',
    }),
    server: z
      .string()
      .regex(/^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-fA-F:]+\])(:\d{1,5})?$/, {
        error: 'An IP address, with an optional :port.',
      })
      .nullable()
      .default(null)
      .openapi({ description: "The resolver to ask (`10.0.0.53:53`); null: the agent's own." }),
  })
  .openapi('DnsCheck');

/** A kind's settings as answers show them (every field present). */
export const SETTINGS_VIEWS = {
  http: z
    .object({
      method: z.string(),
      headers: z.record(z.string(), z.string()),
      expected_status: z.array(z.number().int()),
      body_match: z.string().nullable(),
      tls_expiry_days: z.number().int(),
      insecure_skip_verify: z.boolean(),
    })
    .nullable()
    .openapi({ description: 'For kind http; null otherwise.' }),
  tcp: z
    .object({ banner_match: z.string().nullable() })
    .nullable()
    .openapi({ description: 'For kind tcp; null otherwise.' }),
  dns: z
    .object({ record_type: z.string(), expected: z.array(z.string()), server: z.string().nullable() })
    .nullable()
    .openapi({ description: 'For kind dns; null otherwise.' }),
};

/** The frequencies a check may have: each divides the rollups' periods (docs/monitoring.md). */
export const FREQUENCIES = [10, 15, 20, 30, 60, 120, 300, 600, 900, 1800, 3600] as const;

const target = text().min(1).max(2000).openapi({
  description: 'http: a URL; tcp: `host:port`; dns: the name to resolve.',
  example: 'https://shop.example.com/healthz',
});
const frequency = z
  .number()
  .int()
  .refine((f) => (FREQUENCIES as readonly number[]).includes(f), {
    error: `One of ${FREQUENCIES.join(', ')}.`,
  })
  .openapi({ description: `Seconds between checks from each location: ${FREQUENCIES.join(', ')}.` });
const timeout = z.number().int().min(100).max(60_000);
const locations = z.array(Location).max(50).openapi({
  description: 'The locations that check it; empty: every agent that may.',
});

export const CHECK_KINDS = ['http', 'tcp', 'dns'] as const;

const AlertRule = z
  .object({
    failures: z.number().int().min(1).max(100).default(3).openapi({
      description: 'A location counts the endpoint down after this many failed checks in a row.',
    }),
    successes: z.number().int().min(1).max(100).default(2).openapi({
      description: '…and up again after this many successful checks in a row.',
    }),
    min_locations: z
      .number()
      .int()
      .min(1)
      .max(50)
      .nullable()
      .default(null)
      .openapi({
        description:
          '`EndpointDown` when at least this many locations count it down (null: more than half of those reporting); ' +
          'fewer is `EndpointPartiallyDown` (a warning).',
      }),
  })
  .openapi('EndpointAlertRule');

export const EndpointCreateSchema = z
  .object({
    workspace: z.uuid(),
    kind: z.enum(CHECK_KINDS),
    name,
    target,
    frequency_s: frequency.default(60),
    timeout_ms: timeout.default(10_000),
    locations: locations.default([]),
    enabled: z.boolean().default(true),
    labels: Labels.default({ severity: 'critical' }),
    annotations: Annotations.default({}),
    alert: AlertRule.default({ failures: 3, successes: 2, min_locations: null }),
    http: HttpSettingsSchema.optional(),
    tcp: TcpSettingsSchema.optional(),
    dns: DnsSettingsSchema.optional(),
  })
  .openapi('CheckEndpointCreate');
export type EndpointCreate = z.output<typeof EndpointCreateSchema>;

/** A change: the fields given replace the endpoint's (a kind's settings object as a whole). */
export const EndpointUpdateSchema = z
  .object({
    name: name.optional(),
    target: target.optional(),
    frequency_s: frequency.optional(),
    timeout_ms: timeout.optional(),
    locations: locations.optional(),
    enabled: z.boolean().optional(),
    labels: Labels.optional(),
    annotations: Annotations.optional(),
    alert: AlertRule.optional(),
    http: HttpSettingsSchema.optional(),
    tcp: TcpSettingsSchema.optional(),
    dns: DnsSettingsSchema.optional(),
  })
  .openapi('CheckEndpointUpdate');
export type EndpointUpdate = z.output<typeof EndpointUpdateSchema>;

export const EndpointSchema = z
  .object({
    id: z.uuid(),
    organization: z.uuid(),
    workspace: z.uuid(),
    name: z.string(),
    kind: z.enum(CHECK_KINDS),
    target: z.string(),
    frequency_s: z.number().int(),
    timeout_ms: z.number().int(),
    locations: z.array(z.string()),
    enabled: z.boolean(),
    labels: z.record(z.string(), z.string()),
    annotations: z.record(z.string(), z.string()),
    alert: z.object({
      failures: z.number().int(),
      successes: z.number().int(),
      min_locations: z.number().int().nullable(),
    }),
    ...SETTINGS_VIEWS,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('CheckEndpoint', { description: 'An endpoint the agents check.' });
export type EndpointView = z.output<typeof EndpointSchema>;

export const EndpointListQuerySchema = PageQuerySchema.extend({ workspace: z.uuid().optional() });
export type EndpointListQuery = z.output<typeof EndpointListQuerySchema>;

export const STATS_WINDOWS = ['1h', '24h', '7d', '30d'] as const;
export type StatsWindow = (typeof STATS_WINDOWS)[number];
export const StatsQuerySchema = z.object({
  window: z
    .enum(STATS_WINDOWS)
    .default('24h')
    .openapi({ description: 'The period: the last hour, day, week or 30 days.' }),
});

const Figures = {
  checks: z.number().int().openapi({ description: 'Checks made.' }),
  successes: z.number().int(),
  uptime: z.number().nullable().openapi({
    description: 'Share of check periods with at least one success from any location (null: no checks).',
  }),
  reachability: z.number().nullable().openapi({ description: 'Share of checks that succeeded.' }),
  latency_ms: z
    .object({
      mean: z.number().nullable(),
      p50: z.number().nullable(),
      p95: z.number().nullable(),
      p99: z.number().nullable(),
    })
    .openapi({ description: 'Check durations; percentiles from a histogram, within 9% of the true ones.' }),
};

export const EndpointStatsSchema = z
  .object({
    endpoint: z.uuid(),
    window: z.enum(STATS_WINDOWS),
    from: Timestamp,
    to: Timestamp,
    ...Figures,
    locations: z.array(z.object({ location: z.string(), ...Figures })),
    series: z.array(
      z.object({
        at: Timestamp,
        checks: z.number().int(),
        successes: z.number().int(),
        p50_ms: z.number().nullable(),
        p95_ms: z.number().nullable(),
      }),
    ),
  })
  .openapi('CheckEndpointStats', {
    description: "An endpoint's uptime, reachability and latency over a window.",
  });
export type EndpointStats = z.output<typeof EndpointStatsSchema>;
