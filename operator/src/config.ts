import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { z } from 'zod';
import { LabelSelectorError, parseLabelSelector } from './controller/label-selector.ts';
import type { LabelSelector } from './controller/label-selector.ts';

/**
 * The one reader of `process.env` for the operator. Every variable is declared here, parsed once at
 * start; a bad value stops the process with a message naming the variable (exit code 2).
 */

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SERVICE_ACCOUNT_NAMESPACE_FILE = '/var/run/secrets/kubernetes.io/serviceaccount/namespace';

const int = (min: number, max: number) =>
  z.coerce
    .number({ error: `must be an integer from ${min} to ${max}` })
    .int({ error: `must be an integer from ${min} to ${max}` })
    .min(min, { error: `must be an integer from ${min} to ${max}` })
    .max(max, { error: `must be an integer from ${min} to ${max}` });

const positive = (max: number) =>
  z.coerce
    .number({ error: `must be a number above 0 and at most ${max}` })
    .gt(0, { error: `must be a number above 0 and at most ${max}` })
    .max(max, { error: `must be a number above 0 and at most ${max}` });

const bool = z.enum(['true', 'false'], { error: 'must be true or false' }).transform((v) => v === 'true');

const uuid = z.string().trim().regex(UUID, { error: 'must be a UUID' });
const nonEmpty = z.string().trim().min(1, { error: 'must not be empty' });

const EnvSchema = z.object({
  PLINTH_API_URL: z
    .string()
    .trim()
    .refine((v) => /^https?:\/\/[^/]+/.test(v), { error: 'must be an http:// or https:// URL' })
    .transform((v) => v.replace(/\/+$/, '')),
  PLINTH_API_TOKEN: z
    .string()
    .trim()
    .regex(/^pl[os]_/, {
      error:
        'must be an organization key (plo_…) or a system key (pls_…), with the scopes buckets:read and buckets:write',
    })
    .optional(),
  // In a cluster: the projected ServiceAccount token (audience plinth), re-read as kubelet rotates it.
  PLINTH_API_TOKEN_FILE: nonEmpty.optional(),
  PLINTH_OPERATOR_DEFAULT_ORGANIZATION: uuid.optional(),
  PLINTH_OPERATOR_DEFAULT_WORKSPACE: uuid.optional(),
  // Empty counts as unset (a chart value left blank).
  PLINTH_OPERATOR_DEFAULT_NAMESPACE_SELECTOR: z
    .string()
    .trim()
    .transform((v, ctx) => {
      if (v === '') return undefined;
      try {
        return parseLabelSelector(v);
      } catch (err) {
        if (!(err instanceof LabelSelectorError)) throw err;
        ctx.addIssue({ code: 'custom', message: `is not a label selector: ${err.message}` });
        return z.NEVER;
      }
    })
    .optional(),
  PLINTH_OPERATOR_CLUSTER_ID: nonEmpty.max(253, { error: 'must be at most 253 characters' }).optional(),
  PLINTH_OPERATOR_WORKERS: int(1, 256).default(32),
  PLINTH_OPERATOR_RESYNC_SECONDS: int(10, 86_400).default(600),
  // The drift check: each Ready bucket's storage looked at once per interval (0: never), at most
  // this many checks per second over all of them.
  PLINTH_OPERATOR_DRIFT_CHECK_SECONDS: int(0, 604_800).default(900),
  PLINTH_OPERATOR_DRIFT_CHECKS_PER_SECOND: positive(1000).default(1),
  PLINTH_OPERATOR_API_QPS: positive(10_000).default(100),
  PLINTH_OPERATOR_API_BURST: int(1, 10_000).default(100),
  PLINTH_OPERATOR_API_TIMEOUT_SECONDS: positive(600).default(30),
  PLINTH_OPERATOR_BACKOFF_BASE_MS: int(1, 600_000).default(500),
  PLINTH_OPERATOR_BACKOFF_MAX_SECONDS: int(1, 3600).default(300),
  PLINTH_OPERATOR_PORT: int(1, 65_535).default(8081),
  PLINTH_OPERATOR_HOST: nonEmpty.default('0.0.0.0'),
  PLINTH_OPERATOR_LEADER_ELECT: bool.default(true),
  PLINTH_OPERATOR_LEASE_NAME: nonEmpty.default('plinth-operator'),
  PLINTH_OPERATOR_LEASE_DURATION_SECONDS: int(2, 3600).default(15),
  PLINTH_OPERATOR_RENEW_DEADLINE_SECONDS: int(1, 3600).default(10),
  PLINTH_OPERATOR_RETRY_PERIOD_SECONDS: int(1, 3600).default(2),
  POD_NAMESPACE: nonEmpty.optional(),
  POD_NAME: nonEmpty.optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
});

export interface OperatorConfig {
  readonly apiUrl: string;
  /** A static key (plo_/pls_), for an operator outside the cluster; or else `apiTokenFile`. */
  readonly apiToken: string | undefined;
  /** A file holding the token (the projected ServiceAccount token), re-read as it rotates. */
  readonly apiTokenFile: string | undefined;
  readonly defaults: {
    readonly organization?: string | undefined;
    readonly workspace?: string | undefined;
    /** The namespaces (by label) that may use the defaults; unset: none may. */
    readonly namespaces?: LabelSelector | undefined;
  };
  /** Sent in owner references; unset means the uid of the `kube-system` namespace, read at start. */
  readonly clusterId?: string | undefined;
  readonly workers: number;
  readonly resyncMs: number;
  /** How often each Ready bucket's storage is checked for drift; 0: never. */
  readonly driftCheckMs: number;
  /** The most drift checks per second, over all buckets. */
  readonly driftChecksPerSecond: number;
  readonly apiQps: number;
  readonly apiBurst: number;
  readonly apiTimeoutMs: number;
  readonly backoffBaseMs: number;
  readonly backoffMaxMs: number;
  readonly port: number;
  readonly host: string;
  readonly leaderElection: {
    readonly enabled: boolean;
    readonly namespace: string;
    readonly name: string;
    readonly identity: string;
    readonly leaseDurationMs: number;
    readonly renewDeadlineMs: number;
    readonly retryPeriodMs: number;
  };
  readonly logLevel: (typeof LOG_LEVELS)[number];
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

function inClusterNamespace(): string | undefined {
  try {
    return readFileSync(SERVICE_ACCOUNT_NAMESPACE_FILE, 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): OperatorConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const message = issue.code === 'invalid_type' && env[name] === undefined ? 'is required' : issue.message;
    throw new ConfigError(`${name} ${message}`);
  }
  const e = parsed.data;
  if (e.PLINTH_API_TOKEN === undefined && e.PLINTH_API_TOKEN_FILE === undefined) {
    throw new ConfigError(
      'PLINTH_API_TOKEN or PLINTH_API_TOKEN_FILE is required: the path of the projected ServiceAccount token (in a cluster), or an organization (plo_…) or system (pls_…) key',
    );
  }
  if (e.PLINTH_API_TOKEN !== undefined && e.PLINTH_API_TOKEN_FILE !== undefined) {
    throw new ConfigError('set only one of PLINTH_API_TOKEN and PLINTH_API_TOKEN_FILE');
  }
  if (e.PLINTH_API_TOKEN_FILE !== undefined) {
    try {
      if (readFileSync(e.PLINTH_API_TOKEN_FILE, 'utf8').trim() === '') throw new Error('empty');
    } catch {
      throw new ConfigError(
        `PLINTH_API_TOKEN_FILE ${e.PLINTH_API_TOKEN_FILE} is missing, unreadable or empty`,
      );
    }
  }
  if (e.PLINTH_OPERATOR_DEFAULT_WORKSPACE && !e.PLINTH_OPERATOR_DEFAULT_ORGANIZATION) {
    throw new ConfigError(
      'PLINTH_OPERATOR_DEFAULT_ORGANIZATION is required when PLINTH_OPERATOR_DEFAULT_WORKSPACE is set',
    );
  }
  // The default mapping is opt-in per namespace: without a selector it would apply to every
  // namespace, and anyone who can create one could use the default workspace's buckets.
  if (e.PLINTH_OPERATOR_DEFAULT_ORGANIZATION && !e.PLINTH_OPERATOR_DEFAULT_NAMESPACE_SELECTOR) {
    throw new ConfigError(
      'PLINTH_OPERATOR_DEFAULT_NAMESPACE_SELECTOR is required when PLINTH_OPERATOR_DEFAULT_ORGANIZATION is set: a label selector of the namespaces that may use the defaults (e.g. plinth.dev/default-workspace=true)',
    );
  }
  if (e.PLINTH_OPERATOR_DEFAULT_NAMESPACE_SELECTOR && !e.PLINTH_OPERATOR_DEFAULT_ORGANIZATION) {
    throw new ConfigError(
      'PLINTH_OPERATOR_DEFAULT_ORGANIZATION is required when PLINTH_OPERATOR_DEFAULT_NAMESPACE_SELECTOR is set',
    );
  }
  if (e.PLINTH_OPERATOR_RENEW_DEADLINE_SECONDS >= e.PLINTH_OPERATOR_LEASE_DURATION_SECONDS) {
    throw new ConfigError(
      'PLINTH_OPERATOR_RENEW_DEADLINE_SECONDS must be less than PLINTH_OPERATOR_LEASE_DURATION_SECONDS',
    );
  }
  const leaseNamespace = e.POD_NAMESPACE ?? inClusterNamespace();
  if (e.PLINTH_OPERATOR_LEADER_ELECT && !leaseNamespace) {
    throw new ConfigError(
      'POD_NAMESPACE is required for leader election outside a cluster (or set PLINTH_OPERATOR_LEADER_ELECT=false)',
    );
  }
  return Object.freeze({
    apiUrl: e.PLINTH_API_URL,
    apiToken: e.PLINTH_API_TOKEN,
    apiTokenFile: e.PLINTH_API_TOKEN_FILE,
    defaults: {
      organization: e.PLINTH_OPERATOR_DEFAULT_ORGANIZATION,
      workspace: e.PLINTH_OPERATOR_DEFAULT_WORKSPACE,
      namespaces: e.PLINTH_OPERATOR_DEFAULT_NAMESPACE_SELECTOR,
    },
    clusterId: e.PLINTH_OPERATOR_CLUSTER_ID,
    workers: e.PLINTH_OPERATOR_WORKERS,
    resyncMs: e.PLINTH_OPERATOR_RESYNC_SECONDS * 1000,
    driftCheckMs: e.PLINTH_OPERATOR_DRIFT_CHECK_SECONDS * 1000,
    driftChecksPerSecond: e.PLINTH_OPERATOR_DRIFT_CHECKS_PER_SECOND,
    apiQps: e.PLINTH_OPERATOR_API_QPS,
    apiBurst: e.PLINTH_OPERATOR_API_BURST,
    apiTimeoutMs: e.PLINTH_OPERATOR_API_TIMEOUT_SECONDS * 1000,
    backoffBaseMs: e.PLINTH_OPERATOR_BACKOFF_BASE_MS,
    backoffMaxMs: e.PLINTH_OPERATOR_BACKOFF_MAX_SECONDS * 1000,
    port: e.PLINTH_OPERATOR_PORT,
    host: e.PLINTH_OPERATOR_HOST,
    leaderElection: {
      enabled: e.PLINTH_OPERATOR_LEADER_ELECT,
      namespace: leaseNamespace ?? '',
      name: e.PLINTH_OPERATOR_LEASE_NAME,
      identity: `${e.POD_NAME ?? hostname()}_${process.pid}`,
      leaseDurationMs: e.PLINTH_OPERATOR_LEASE_DURATION_SECONDS * 1000,
      renewDeadlineMs: e.PLINTH_OPERATOR_RENEW_DEADLINE_SECONDS * 1000,
      retryPeriodMs: e.PLINTH_OPERATOR_RETRY_PERIOD_SECONDS * 1000,
    },
    logLevel: e.LOG_LEVEL,
  });
}
