import { z } from 'zod';

/**
 * The keys of a workspace's `config` that Plinth reads (docs/events.md): `blocks` (an OCI image and
 * its actions), `workflows` (ordered steps of block actions), `events` (the handlers every run's
 * event goes to), `transactions` (whether a run's output is kept) and `runner` (where the
 * Kubernetes runner puts its Jobs). Other keys stay free-form. Checked whenever a configuration is
 * written, so a run never meets a configuration it cannot read.
 */

/** A Go-style duration (`30s`, `10m`, `1h30m`, `500ms`) in milliseconds; undefined when malformed. */
export function parseDuration(value: string): number | undefined {
  if (!/^(\d+(ms|s|m|h))+$/.test(value)) return undefined;
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const;
  let total = 0;
  for (const [, n, u] of value.matchAll(/(\d+)(ms|s|m|h)/g))
    total += Number(n) * unit[u as keyof typeof unit];
  return total;
}

const duration = (what: string, minMs: number, maxMs: number) =>
  z.string().refine(
    (v) => {
      const ms = parseDuration(v);
      return ms !== undefined && ms >= minMs && ms <= maxMs;
    },
    { error: `Must be a duration such as 30s or 10m, ${what}.` },
  );

const Name = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,62}$/, {
  error: 'Must be 1-63 lower-case letters, digits, - or _, starting with a letter or digit.',
});

/** Limits of an action's deadline, and its default. */
export const ACTION_TIMEOUT = { defaultMs: 600_000, minMs: 1000, maxMs: 6 * 3_600_000 } as const;
/** Limits of a webhook's `timeout`, and its default. */
export const WEBHOOK_TIMEOUT = { defaultMs: 10_000, minMs: 1000, maxMs: 30_000 } as const;

const Action = z
  .object({
    name: Name,
    command: z.array(z.string().min(1).max(4096)).min(1).max(256).optional(),
    script: z
      .union([z.string().min(1).max(65_536), z.array(z.string().max(4096)).min(1).max(1024)])
      .optional(),
    timeout: duration('from 1s to 6h', ACTION_TIMEOUT.minMs, ACTION_TIMEOUT.maxMs).optional(),
  })
  .refine((a) => (a.command === undefined) !== (a.script === undefined), {
    error: 'Give either `command` (argv) or `script` (shell lines), not both.',
  });

const Block = z.object({
  name: Name,
  image: z
    .string()
    .min(1)
    .max(512)
    .regex(/^[^\s]+$/, { error: 'An image reference has no spaces.' }),
  /** Non-secret: they are part of the snapshot every run records. */
  variables: z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/), z.string().max(4096)).optional(),
  actions: z.array(Action).min(1).max(100),
});

const Step = z.object({ block: Name, action: Name });
const Workflow = z.object({ name: Name, steps: z.array(Step).min(1).max(50) });

/**
 * Headers a webhook delivery sets itself, refused in a handler's `headers` (docs/events.md): the
 * body's framing, the signature, the host it goes to, hop-by-hop headers that would change how the
 * message travels, and `user-agent`, so receivers can always tell Plinth's deliveries apart.
 */
export const RESERVED_HEADERS: ReadonlySet<string> = new Set([
  'content-type',
  'content-length',
  'host',
  'user-agent',
  'webhook-id',
  'webhook-timestamp',
  'webhook-signature',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'proxy-connection',
]);

const Handler = z
  .object({
    handler: z.enum(['workspace', 'webhook']),
    /** Tells handlers apart (secrets, deliveries); default: the handler kind. */
    name: Name.optional(),
    endpoint: z
      .url({ protocol: /^https?$/, error: 'Must be an http:// or https:// URL.' })
      .max(2048)
      .optional(),
    headers: z
      .record(
        z
          .string()
          .regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, { error: 'Not a valid header name.' })
          .refine((h) => !RESERVED_HEADERS.has(h.toLowerCase()), {
            error: 'Plinth sets this header itself.',
          }),
        z
          .string()
          .max(4096)
          // eslint-disable-next-line no-control-regex -- a CR or LF would start another header
          .regex(/^[^\r\n\u0000]*$/, { error: 'Must not contain a line break.' }),
      )
      .optional(),
    timeout: duration('from 1s to 30s', WEBHOOK_TIMEOUT.minMs, WEBHOOK_TIMEOUT.maxMs).optional(),
  })
  .superRefine((h, ctx) => {
    if (h.handler === 'webhook' && !h.endpoint)
      ctx.addIssue({ code: 'custom', path: ['endpoint'], message: 'A webhook handler needs an endpoint.' });
    if (h.endpoint && new URL(h.endpoint).username)
      ctx.addIssue({
        code: 'custom',
        path: ['endpoint'],
        message: 'Put credentials in headers, not the URL.',
      });
  });

export const WorkspaceSettingsSchema = z
  .object({
    blocks: z.array(Block).max(200).optional(),
    workflows: z.array(Workflow).max(100).optional(),
    // One handler or a list; a single one is read as a list of one (its errors name index 0).
    events: z.preprocess(
      (v) => (v === undefined || Array.isArray(v) ? v : [v]),
      z.array(Handler).max(10).optional(),
    ),
    transactions: z.object({ logging: z.boolean().optional() }).optional(),
    runner: z.object({ namespace: Name.optional() }).optional(),
  })
  .superRefine((s, ctx) => {
    const unique = (names: string[], path: (i: number) => (string | number)[], what: string) =>
      names.forEach((n, i) => {
        if (names.indexOf(n) !== i)
          ctx.addIssue({ code: 'custom', path: path(i), message: `Another ${what} has this name.` });
      });
    unique(
      (s.blocks ?? []).map((b) => b.name),
      (i) => ['blocks', i, 'name'],
      'block',
    );
    s.blocks?.forEach((b, bi) =>
      unique(
        b.actions.map((a) => a.name),
        (i) => ['blocks', bi, 'actions', i, 'name'],
        'action of this block',
      ),
    );
    unique(
      (s.workflows ?? []).map((w) => w.name),
      (i) => ['workflows', i, 'name'],
      'workflow',
    );
    const handlers = handlerList(s.events);
    unique(
      handlers.map((h) => h.name ?? h.handler),
      (i) => ['events', i, 'name'],
      'handler (set `name` to tell them apart)',
    );
    s.workflows?.forEach((w, wi) =>
      w.steps.forEach((step, si) => {
        const block = s.blocks?.find((b) => b.name === step.block);
        if (!block)
          ctx.addIssue({
            code: 'custom',
            path: ['workflows', wi, 'steps', si, 'block'],
            message: 'No block has this name.',
          });
        else if (!block.actions.some((a) => a.name === step.action))
          ctx.addIssue({
            code: 'custom',
            path: ['workflows', wi, 'steps', si, 'action'],
            message: 'The block has no action of this name.',
          });
      }),
    );
  });

export type WorkspaceSettings = z.output<typeof WorkspaceSettingsSchema>;
export type BlockConfig = NonNullable<WorkspaceSettings['blocks']>[number];
export type ActionConfig = BlockConfig['actions'][number];
export type WorkflowConfig = NonNullable<WorkspaceSettings['workflows']>[number];
export type HandlerConfig = z.output<typeof Handler>;

function handlerList(events: WorkspaceSettings['events']): HandlerConfig[] {
  return events ?? [];
}

/** The settings Plinth reads from a stored configuration (checked when it was written). */
export function readSettings(config: Record<string, unknown>): WorkspaceSettings {
  const parsed = WorkspaceSettingsSchema.safeParse(config);
  // A configuration stored before these keys were checked: treated as having none of them.
  return parsed.success ? parsed.data : {};
}

/** A configuration's event handlers, each with its name (default: its kind). */
export function eventHandlers(settings: WorkspaceSettings): (HandlerConfig & { name: string })[] {
  return handlerList(settings.events).map((h) => ({ ...h, name: h.name ?? h.handler }));
}

/** What a header value reads as once written: handlers' headers may carry a receiver's credentials. */
export const MASKED = '***';

const handlersIn = (config: Record<string, unknown>): Record<string, unknown>[] => {
  const events = config['events'];
  const list = Array.isArray(events) ? events : events && typeof events === 'object' ? [events] : [];
  return list.filter((h): h is Record<string, unknown> => Boolean(h) && typeof h === 'object');
};

/**
 * The configuration as callers read it: every event handler's header values masked, so that
 * reading a workspace (a Viewer may) never hands out a receiver's credentials.
 */
export function maskHeaders(config: Record<string, unknown>): Record<string, unknown> {
  if (handlersIn(config).every((h) => !h['headers'])) return config;
  const mask = (h: Record<string, unknown>) =>
    h['headers'] && typeof h['headers'] === 'object'
      ? { ...h, headers: Object.fromEntries(Object.keys(h['headers']).map((k) => [k, MASKED])) }
      : h;
  const events = config['events'];
  return {
    ...config,
    events: Array.isArray(events)
      ? events.map((h: Record<string, unknown>) => mask(h))
      : mask(events as Record<string, unknown>),
  };
}

/**
 * A configuration written back as it was read: a header value still masked keeps the value stored
 * for the same handler (by name, default its kind) and header, so editing other keys loses no
 * credential. A masked value with nothing stored behind it stays as written.
 */
export function keepMaskedHeaders(
  next: Record<string, unknown>,
  previous: Record<string, unknown>,
): Record<string, unknown> {
  const nameOf = (h: Record<string, unknown>) => String(h['name'] ?? h['handler']);
  const before = new Map(
    handlersIn(previous).map((h) => [nameOf(h), h['headers'] as Record<string, string> | undefined]),
  );
  const restore = (h: Record<string, unknown>) => {
    const headers = h['headers'] as Record<string, unknown> | undefined;
    if (!headers || typeof headers !== 'object') return h;
    const stored = before.get(nameOf(h)) ?? {};
    return {
      ...h,
      headers: Object.fromEntries(
        Object.entries(headers).map(([k, v]) => [
          k,
          v === MASKED && typeof stored[k] === 'string' ? stored[k] : v,
        ]),
      ),
    };
  };
  const events = next['events'];
  if (!events || typeof events !== 'object') return next;
  return {
    ...next,
    events: Array.isArray(events)
      ? events.map((h: Record<string, unknown>) => restore(h))
      : restore(events as Record<string, unknown>),
  };
}
