import { stringify } from 'yaml';
import type { EventLevel, RunStatus } from '../../core/db/schema/index.ts';

/**
 * The event of a run, field for field as the specification names them: `labels` with the flat keys
 * `svc.event.class` and `svc.event.level`, then `workspace`, `block`, `action`, `command`,
 * `user_email`, `user_name`, `date` (ISO 8601 with offset), `transaction`, `version` and `config`
 * (the receiving handler's own configuration, header values redacted). Extras: `workflow`, `step`,
 * `exit_code`, `snapshot_id`, `message`. The snapshot itself and the environment never leave the
 * server (docs/events.md).
 */
export interface RunFacts {
  readonly transaction: string;
  readonly workspace: string;
  readonly block: string;
  readonly action: string;
  readonly command: string;
  readonly userEmail: string | null;
  readonly userName: string | null;
  readonly date: Date;
  readonly version: string;
  readonly status: RunStatus;
  readonly exitCode: number | null;
  readonly workflow: string | null;
  readonly step: number | null;
  readonly snapshotId: string;
}

/** The level a run's status gives: exit 0 is Info, any failure Error, an unfinished run Warning. */
export function levelOf(status: RunStatus): EventLevel {
  if (status === 'stopped') return 'Info';
  if (status === 'failed' || status === 'killed') return 'Error';
  return 'Warning';
}

const MESSAGES: Record<RunStatus, string> = {
  created: 'Transaction created but not finished',
  running: 'Transaction running but not finished',
  stopped: 'Transaction stopped',
  failed: 'Transaction failed',
  killed: 'Transaction killed',
};

/** `2026-11-26T04:30:00.000+00:00`: ISO 8601 with an explicit offset, as the specification asks. */
export const isoWithOffset = (date: Date): string => date.toISOString().replace(/Z$/, '+00:00');

/** The event's stored fields, in the specification's order (`config` is added per delivery). */
export function eventPayload(f: RunFacts): Record<string, unknown> {
  return {
    labels: { 'svc.event.class': 'svc', 'svc.event.level': levelOf(f.status) },
    workspace: f.workspace,
    block: f.block,
    action: f.action,
    command: f.command,
    user_email: f.userEmail ?? '',
    user_name: f.userName ?? '',
    date: isoWithOffset(f.date),
    transaction: f.transaction,
    version: f.version,
    ...(f.workflow !== null && { workflow: f.workflow, step: f.step }),
    exit_code: f.exitCode,
    snapshot_id: f.snapshotId,
    message: MESSAGES[f.status],
  };
}

/** A handler's configuration as a receiver may see it: every header value replaced. */
export function redactHandlerConfig(config: Record<string, unknown>): Record<string, unknown> {
  const headers = config['headers'];
  if (!headers || typeof headers !== 'object') return config;
  return { ...config, headers: Object.fromEntries(Object.keys(headers).map((k) => [k, '***'])) };
}

/** The fields in the specification's order, then the extras (jsonb keeps no order of its own). */
const FIELD_ORDER = [
  'labels',
  'workspace',
  'block',
  'action',
  'command',
  'user_email',
  'user_name',
  'date',
  'transaction',
  'version',
  'config',
  'workflow',
  'step',
  'exit_code',
  'snapshot_id',
  'message',
];
const LABEL_ORDER = ['svc.event.class', 'svc.event.level'];
const HANDLER_ORDER = ['handler', 'name', 'endpoint', 'headers', 'timeout'];

function ordered(value: Record<string, unknown>, order: readonly string[]): Record<string, unknown> {
  const rank = (k: string) => (order.includes(k) ? order.indexOf(k) : order.length);
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => rank(a) - rank(b)));
}

/** A stored payload in the specification's order (the run page shows it so). */
export function inSpecOrder(payload: Record<string, unknown>): Record<string, unknown> {
  const event = ordered(payload, FIELD_ORDER);
  if (event['labels'] && typeof event['labels'] === 'object')
    event['labels'] = ordered(event['labels'] as Record<string, unknown>, LABEL_ORDER);
  return event;
}

/** The event one handler receives: the stored fields with its own `config`, in the specification's order. */
export function eventFor(payload: Record<string, unknown>, handlerConfig: Record<string, unknown>) {
  return inSpecOrder({ ...payload, config: ordered(redactHandlerConfig(handlerConfig), HANDLER_ORDER) });
}

export const eventJson = (event: Record<string, unknown>): string => JSON.stringify(event);
export const eventYaml = (event: Record<string, unknown>): string => stringify(event, { lineWidth: 0 });
