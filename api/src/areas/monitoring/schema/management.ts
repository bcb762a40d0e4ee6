import { z } from '@hono/zod-openapi';
import { PageQuerySchema } from '../../../core/pagination.ts';
import { Timestamp, text } from '../../../core/schema.ts';

// One pattern (the document holds one per string): it refuses NUL too.
const name = z
  .string()
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

const AGENT_ID = '7c1e2a3b-4d5e-4f60-8a1b-2c3d4e5f6a7b';
const ORG_ID = '3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f';
const WS_ID = '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const ENDPOINT_ID = '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a';
const AT = '2026-11-26T10:00:00.000Z';
const AGENT_EXAMPLE = {
  id: AGENT_ID,
  organization: ORG_ID,
  workspace: null,
  name: 'eu-probe-1',
  location: 'eu-central',
  description: 'Rack 4, Frankfurt',
  archived: false,
  health: 'healthy',
  version: '0.1.0',
  uptime_seconds: 86400,
  last_report_at: AT,
  token_prefix: 'pla_3kQ9xZ',
  created_at: AT,
  updated_at: AT,
};

export const AgentSchema = z
  .object({
    id: z.uuid().openapi({ description: "The agent's ID (the `X-Agent-ID` its agent may send)." }),
    organization: z.uuid().openapi({ description: 'The organization it belongs to.' }),
    workspace: z.uuid().nullable().openapi({
      description: "Its workspace: it checks that workspace's endpoints only. Null: the organization's.",
    }),
    name: z.string().openapi({ description: 'Its name, unique in the organization.' }),
    location: z.string().openapi({ description: 'Where it runs; endpoints choose locations by this name.' }),
    description: z.string().openapi({ description: 'What people wrote about it.' }),
    archived: z.boolean().openapi({ description: 'Archived: its tokens no longer work; its history stays.' }),
    health: z
      .enum(AGENT_HEALTH)
      .nullable()
      .openapi({ description: 'What its last health report said; null before the first.' }),
    version: z.string().nullable().openapi({ description: 'The version its last health report gave.' }),
    uptime_seconds: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'How long it had run at its last report.' }),
    last_report_at: Timestamp.nullable().openapi({ description: 'When its last health report arrived.' }),
    token_prefix: z.string().openapi({ description: 'The first characters of its newest token.' }),
    created_at: Timestamp.openapi({ description: 'When it was created.' }),
    updated_at: Timestamp.openapi({ description: 'When people last changed it (its reports do not count).' }),
  })
  .openapi('Agent', {
    description: 'A monitoring agent: a name and a location, with a token of its own.',
    example: AGENT_EXAMPLE,
  });
export type AgentView = z.output<typeof AgentSchema>;

export const AgentWithTokenSchema = AgentSchema.extend({
  token: z.string().openapi({
    description: 'Its token (`pla_…`): shown this once. It reaches the agent endpoints and nothing else.',
  }),
  previous_token_expires_at: Timestamp.nullable().openapi({
    description: 'After a rotation: when the tokens it had before stop working (the grace period).',
  }),
}).openapi('AgentWithToken', {
  description: 'A monitoring agent with its token, shown once.',
  example: {
    ...AGENT_EXAMPLE,
    token: 'pla_3kQ9xZ7mW2vB8nR4tY6uP1sD5fG0hJ3kL9aE2q',
    previous_token_expires_at: null,
  },
});

export const AgentCreateSchema = z
  .object({
    organization: z.uuid().openapi({ description: 'The organization it checks for.' }),
    workspace: z.uuid().nullable().optional().openapi({
      description: "Limit it to one workspace's endpoints (a Workspace Admin of it may then create it).",
    }),
    name: name.openapi({ description: 'Its name, unique in the organization.' }),
    location: Location.openapi({ description: 'Where it runs; endpoints choose locations by this name.' }),
    description: text().max(500).optional().openapi({ description: 'Anything worth knowing about it.' }),
  })
  .openapi('AgentCreate', {
    description: 'A new monitoring agent.',
    example: {
      organization: ORG_ID,
      name: 'eu-probe-1',
      location: 'eu-central',
      description: 'Rack 4, Frankfurt',
    },
  });
export type AgentCreate = z.output<typeof AgentCreateSchema>;

export const AgentUpdateSchema = z
  .object({
    name: name.optional().openapi({ description: 'A new name, unique in the organization.' }),
    location: Location.optional().openapi({
      description: 'A new location: it then checks the endpoints of that one.',
    }),
    description: text().max(500).optional().openapi({ description: 'A new description.' }),
  })
  .openapi('AgentUpdate', { description: 'A change to an agent.', example: { location: 'eu-west' } });
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
  .openapi('AgentTokenRotate', {
    description: 'How to rotate an agent’s token.',
    example: { grace_seconds: 3600 },
  });

export const AgentListQuerySchema = PageQuerySchema.extend({
  organization: z
    .uuid()
    .optional()
    .openapi({ description: "One organization's agents (and its workspaces' you may see)." }),
  workspace: z.uuid().optional().openapi({ description: "One workspace's agents." }),
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
    component: text().max(100).optional().openapi({ description: 'The component it is part of.' }),
    team: text().max(100).optional().openapi({ description: 'The team that answers its alerts.' }),
    environment: text().max(100).optional().openapi({ description: 'production, staging, …' }),
  })
  .strict()
  .openapi('EndpointLabels', {
    description: "The labels of the endpoint's alerts (the platform's conventions).",
  });
const Annotations = z
  .object({
    summary: text()
      .max(300)
      .optional()
      .openapi({ description: 'One line for the alert (default: "<name> is down").' }),
    description: text()
      .max(2000)
      .optional()
      .openapi({ description: 'More about the alert (default: what fails, where).' }),
    runbook_url: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .optional()
      .openapi({ description: 'What to do when it fires.' }),
    dashboard_url: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .optional()
      .openapi({ description: 'Where to look.' }),
  })
  .strict()
  .openapi('EndpointAnnotations', { description: "The annotations of the endpoint's alerts." });

export const HttpSettingsSchema = z
  .object({
    method: z
      .enum(['GET', 'HEAD', 'POST', 'PUT', 'OPTIONS'])
      .default('GET')
      .openapi({ description: 'The request method.' }),
    headers: z
      .record(header, text().max(4000))
      .openapi({ description: 'Request headers (at most 20); their values are write-only.' })
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
  .strict()
  .openapi('HttpCheck', { description: 'How an http check is made.' });
export const TcpSettingsSchema = z
  .object({
    banner_match: text().min(1).max(256).nullable().default(null).openapi({
      description: 'Text the first bytes the server sends must contain; null: connecting is enough.',
    }),
  })
  .strict()
  .openapi('TcpCheck', { description: 'How a tcp check is made.' });
export const DnsSettingsSchema = z
  .object({
    record_type: z
      .enum(['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS'])
      .default('A')
      .openapi({ description: 'The record type asked.' }),
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
  .strict()
  .openapi('DnsCheck', { description: 'How a dns check is made.' });

/** A kind's settings as answers show them (every field present). */
export const SETTINGS_VIEWS = {
  http: z
    .object({
      method: z.string().openapi({ description: 'The request method.' }),
      headers: z
        .record(z.string(), z.string())
        .openapi({ description: 'Request headers (values `[redacted]` for people).' }),
      expected_status: z
        .array(z.number().int())
        .openapi({ description: 'The statuses that pass; empty: any 2xx.' }),
      body_match: z.string().nullable().openapi({ description: 'Text the body must contain.' }),
      tls_expiry_days: z
        .number()
        .int()
        .openapi({ description: 'Fail when the certificate expires within this many days.' }),
      insecure_skip_verify: z
        .boolean()
        .openapi({ description: 'Check a certificate no trusted authority signed.' }),
    })
    .nullable()
    .openapi({ description: 'For kind http; null otherwise.' }),
  tcp: z
    .object({ banner_match: z.string().nullable().openapi({ description: 'Text the banner must contain.' }) })
    .nullable()
    .openapi({ description: 'For kind tcp; null otherwise.' }),
  dns: z
    .object({
      record_type: z.string().openapi({ description: 'The record type asked.' }),
      expected: z.array(z.string()).openapi({ description: 'Answers that must all be present.' }),
      server: z.string().nullable().openapi({ description: "The resolver asked; null: the agent's own." }),
    })
    .nullable()
    .openapi({ description: 'For kind dns; null otherwise.' }),
};

/** The frequencies a check may have: each divides the rollups' periods (docs/monitoring.md). */
export const FREQUENCIES = [10, 15, 20, 30, 60, 120, 300, 600, 900, 1800, 3600] as const;

const target = text().min(1).max(2000).openapi({
  description: 'http: a URL; tcp: `host:port`; dns: the name to resolve.',
  example: 'https://shop.example.com/healthz',
});
// A number refined to the list, documented as its enum (a literal of several numbers is not).
const frequency = z
  .number()
  .int()
  .refine((f) => (FREQUENCIES as readonly number[]).includes(f), {
    error: `One of ${FREQUENCIES.join(', ')}.`,
  })
  .openapi({ enum: [...FREQUENCIES] })
  .openapi({ description: `Seconds between checks from each location: ${FREQUENCIES.join(', ')}.` });
const timeout = z
  .number()
  .int()
  .min(100)
  .max(60_000)
  .openapi({ description: 'How long a check may take, in ms.' });
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
  .strict()
  .openapi('EndpointAlertRule', {
    description: 'When the endpoint counts as down, and where (docs/monitoring.md, "Alerts").',
  });

export const EndpointCreateSchema = z
  .object({
    workspace: z.uuid().openapi({ description: 'The workspace it belongs to.' }),
    kind: z.enum(CHECK_KINDS).openapi({ description: 'http(s), tcp or dns.' }),
    name: name.openapi({ description: 'Its name, unique in the workspace.' }),
    target,
    frequency_s: frequency.default(60),
    timeout_ms: timeout.default(10_000),
    locations: locations.default([]),
    enabled: z.boolean().default(true).openapi({ description: 'Checked (true), or not.' }),
    labels: Labels.default({ severity: 'critical' }),
    annotations: Annotations.default({}).openapi({
      description: "The annotations of the endpoint's alerts.",
    }),
    alert: AlertRule.default({ failures: 3, successes: 2, min_locations: null }).openapi({
      description: 'The alert rule.',
    }),
    http: HttpSettingsSchema.optional().openapi({ description: 'For kind http (its defaults otherwise).' }),
    tcp: TcpSettingsSchema.optional().openapi({ description: 'For kind tcp.' }),
    dns: DnsSettingsSchema.optional().openapi({ description: 'For kind dns.' }),
  })
  .openapi('CheckEndpointCreate', {
    description: 'A new endpoint to check.',
    example: {
      workspace: WS_ID,
      name: 'shop',
      kind: 'http',
      target: 'https://shop.example.com/healthz',
      frequency_s: 30,
      http: { headers: { Authorization: 'Bearer health-check-token' }, expected_status: [200] },
      labels: { severity: 'critical', team: 'payments' },
      annotations: { runbook_url: 'https://runbooks.example.com/shop' },
    },
  });
export type EndpointCreate = z.output<typeof EndpointCreateSchema>;

/** A change: the fields given replace the endpoint's (a kind's settings object as a whole). */
export const EndpointUpdateSchema = z
  .object({
    name: name.optional().openapi({ description: 'A new name, unique in the workspace.' }),
    target: target.optional(),
    frequency_s: frequency.optional(),
    timeout_ms: timeout.optional(),
    locations: locations.optional(),
    enabled: z.boolean().optional().openapi({ description: 'Checked (true), or not (its alerts resolve).' }),
    labels: Labels.optional(),
    annotations: Annotations.optional().openapi({ description: "The annotations of the endpoint's alerts." }),
    alert: AlertRule.optional().openapi({ description: 'The alert rule.' }),
    http: HttpSettingsSchema.optional().openapi({ description: 'The http settings, as a whole.' }),
    tcp: TcpSettingsSchema.optional().openapi({ description: 'The tcp settings, as a whole.' }),
    dns: DnsSettingsSchema.optional().openapi({ description: 'The dns settings, as a whole.' }),
  })
  .openapi('CheckEndpointUpdate', { description: 'A change to an endpoint.', example: { enabled: false } });
export type EndpointUpdate = z.output<typeof EndpointUpdateSchema>;

export const EndpointSchema = z
  .object({
    id: z.uuid().openapi({ description: "The endpoint's ID." }),
    organization: z.uuid().openapi({ description: 'Its organization.' }),
    workspace: z.uuid().openapi({ description: 'Its workspace.' }),
    name: z.string().openapi({ description: 'Its name.' }),
    kind: z.enum(CHECK_KINDS).openapi({ description: 'http(s), tcp or dns.' }),
    target: z.string().openapi({ description: 'What is checked.' }),
    frequency_s: z.number().int().openapi({ description: 'Seconds between checks from each location.' }),
    timeout_ms: z.number().int().openapi({ description: 'How long a check may take, in ms.' }),
    locations: z
      .array(z.string())
      .openapi({ description: 'The locations that check it; empty: every agent that may.' }),
    enabled: z.boolean().openapi({ description: 'Checked, or not.' }),
    labels: z.record(z.string(), z.string()).openapi({ description: "Its alerts' labels." }),
    annotations: z.record(z.string(), z.string()).openapi({ description: "Its alerts' annotations." }),
    alert: z
      .object({
        failures: z
          .number()
          .int()
          .openapi({ description: 'Failures in a row that make a location count it down.' }),
        successes: z.number().int().openapi({ description: 'Successes in a row that make it up again.' }),
        min_locations: z
          .number()
          .int()
          .nullable()
          .openapi({ description: 'Locations down for EndpointDown; null: more than half.' }),
      })
      .openapi({ description: 'The alert rule.' }),
    ...SETTINGS_VIEWS,
    created_at: Timestamp.openapi({ description: 'When it was created.' }),
    updated_at: Timestamp.openapi({ description: 'When it last changed.' }),
  })
  .openapi('CheckEndpoint', {
    description: 'An endpoint the agents check.',
    example: {
      id: ENDPOINT_ID,
      organization: ORG_ID,
      workspace: WS_ID,
      name: 'shop',
      kind: 'http',
      target: 'https://shop.example.com/healthz',
      frequency_s: 30,
      timeout_ms: 10000,
      locations: [],
      enabled: true,
      labels: { severity: 'critical', team: 'payments' },
      annotations: { runbook_url: 'https://runbooks.example.com/shop' },
      alert: { failures: 3, successes: 2, min_locations: null },
      http: {
        method: 'GET',
        headers: { Authorization: '[redacted]' },
        expected_status: [200],
        body_match: null,
        tls_expiry_days: 14,
        insecure_skip_verify: false,
      },
      tcp: null,
      dns: null,
      created_at: AT,
      updated_at: AT,
    },
  });
export type EndpointView = z.output<typeof EndpointSchema>;

export const EndpointListQuerySchema = PageQuerySchema.extend({
  workspace: z.uuid().optional().openapi({ description: "One workspace's endpoints." }),
});
export type EndpointListQuery = z.output<typeof EndpointListQuerySchema>;
