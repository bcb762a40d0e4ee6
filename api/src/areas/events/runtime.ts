import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { SecretBox } from '../../core/secret-box.ts';

/** How events reach their handlers (PLINTH_WORKSPACES_DIR, PLINTH_WEBHOOK_*; docs/events.md). */
export interface EventsRuntime {
  /** Seals the handlers' signing secrets at rest. */
  readonly box: SecretBox;
  /** The `workspace` handler writes under `<dir>/<workspace ID>/`; null: that handler fails, saying so. */
  readonly workspacesDir: string | null;
  /** Private ranges (CIDR) an administrator allows receivers in; empty: public addresses only. */
  readonly allowPrivate: readonly string[];
  /** Seconds before each retry of a failed delivery; its length is how many retries there are. */
  readonly retrySchedule: readonly number[];
  /** Deliveries at once per replica, and per receiver across replicas. */
  readonly concurrency: number;
  readonly perReceiver: number;
  /** Extra CA certificates (PEM) trusted for https receivers, for a private CA. */
  readonly ca?: string;
}

/** Svix's schedule after the first attempt: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (about 28 hours). */
export const DEFAULT_RETRY_SCHEDULE = [5, 300, 1800, 7200, 18_000, 36_000, 36_000] as const;

export function defaultEventsRuntime(overrides: Partial<EventsRuntime> = {}): EventsRuntime {
  return {
    box: new SecretBox(randomBytes(32)),
    workspacesDir: null,
    allowPrivate: [],
    retrySchedule: DEFAULT_RETRY_SCHEDULE,
    concurrency: 32,
    perReceiver: 8,
    ...overrides,
  };
}

/** The runtime the process's configuration asks for. */
export function createEventsRuntime(
  config: {
    workspacesDir: string | null;
    allowPrivate: readonly string[];
    retrySchedule: readonly number[] | undefined;
    concurrency: number;
    perReceiver: number;
  },
  encryptionKey: Buffer,
): EventsRuntime {
  return {
    box: new SecretBox(encryptionKey),
    // Absolute, as the workspace handler's writer needs it.
    workspacesDir: config.workspacesDir === null ? null : resolve(config.workspacesDir),
    allowPrivate: config.allowPrivate,
    retrySchedule: config.retrySchedule ?? DEFAULT_RETRY_SCHEDULE,
    concurrency: config.concurrency,
    perReceiver: config.perReceiver,
  };
}
