import { z } from 'zod';
import { ConfigError } from './core/config-error.ts';
import type { DatabaseOptions } from './core/db/client.ts';
import { loadServiceAccountsConfig } from './auth/service-accounts.ts';
import type { ServiceAccountsConfig } from './auth/service-accounts.ts';
import { loadStorageConfig } from './areas/buckets/storage/config.ts';
import type { StorageConfig } from './areas/buckets/storage/config.ts';
import { loadOidcConfig } from './auth/sso/config.ts';
import type { OidcProviderConfig } from './auth/sso/config.ts';

/**
 * The one reader of `process.env`. Every variable the API understands is declared here, parsed once
 * at start, and handed to the rest of the code as a typed, frozen {@link Config}.
 */

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const port = z.coerce
  .number({ error: 'must be an integer from 1 to 65535' })
  .int({ error: 'must be an integer from 1 to 65535' })
  .min(1, { error: 'must be an integer from 1 to 65535' })
  .max(65535, { error: 'must be an integer from 1 to 65535' });

const positiveInt = (what: string, max: number) =>
  z.coerce
    .number({ error: `must be ${what}` })
    .int({ error: `must be ${what}` })
    .min(1, { error: `must be ${what}` })
    .max(max, { error: `must be ${what}` });

const nonEmpty = z.string().trim().min(1, { error: 'must not be empty' });

/** A comma-separated list (lower-cased, spaces trimmed), each entry matching `entry`. */
const commaList = (entry: RegExp, what: string) =>
  z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((x) => x.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((xs) => xs.every((x) => entry.test(x)), { error: `must be ${what}` })
    .optional();

/** Every variable the API reads (docs/configuration.md lists each: config.docs.test.ts checks). */
export const EnvSchema = z.object({
  PORT: port.default(8080),
  HOST: nonEmpty.default('0.0.0.0'),
  PLINTH_METRICS_PORT: port.default(9090),
  PLINTH_METRICS_HOST: nonEmpty.default('0.0.0.0'),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  DATABASE_URL: z
    .string()
    .trim()
    .refine((v) => /^postgres(ql)?:\/\/.+/.test(v), {
      error: 'must be a postgres:// or postgresql:// connection URL',
    })
    .optional(),
  PLINTH_DATA_DIR: nonEmpty.default('./.data'),
  PLINTH_DB_POOL_SIZE: positiveInt('an integer from 1 to 200', 200).default(10),
  PLINTH_MIGRATE_ON_START: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('true')
    .transform((v) => v === 'true'),
  PLINTH_BOOTSTRAP_ADMIN_USERNAME: nonEmpty
    .max(150, { error: 'must be at most 150 characters' })
    .regex(/^[A-Za-z0-9@.+_-]+$/, { error: 'may contain only letters, digits and @ . + - _' })
    .default('admin'),
  PLINTH_BOOTSTRAP_ADMIN_PASSWORD: z.string().min(12, { error: 'must be at least 12 characters' }).optional(),
  PLINTH_ENCRYPTION_KEY: z
    .string()
    .trim()
    .refine((v) => Buffer.from(v, 'base64').length === 32 && /^[A-Za-z0-9+/]+={0,2}$/.test(v), {
      error: 'must be 32 bytes encoded as base64 (for example: openssl rand -base64 32)',
    })
    .optional(),
  PLINTH_JWT_SIGNING_KEY: z
    .string()
    .min(32, { error: 'must be at least 32 characters (for example: openssl rand -base64 48)' })
    .optional(),
  PLINTH_BODY_LIMIT_BYTES: positiveInt('an integer from 1 to 104857600', 100 * 1024 * 1024).default(
    1024 * 1024,
  ),
  PLINTH_SHUTDOWN_TIMEOUT_SECONDS: positiveInt('an integer from 1 to 600', 600).default(25),
  PLINTH_LOGIN_TOKEN_TTL_SECONDS: positiveInt('an integer from 60 to 86400', 86400)
    .min(60, { error: 'must be an integer from 60 to 86400' })
    .default(900),
  PLINTH_CONFIG: nonEmpty.optional(),
  PLINTH_USAGE_INTERVAL_SECONDS: positiveInt('an integer from 10 to 86400', 86400)
    .min(10, { error: 'must be an integer from 10 to 86400' })
    .default(300),
  PLINTH_CREDENTIAL_GRACE_SECONDS: z.coerce
    .number({ error: 'must be an integer from 0 to 31536000' })
    .int({ error: 'must be an integer from 0 to 31536000' })
    .min(0, { error: 'must be an integer from 0 to 31536000' })
    .max(31_536_000, { error: 'must be an integer from 0 to 31536000' })
    .default(86_400),
  PLINTH_CREDENTIAL_GRACE_MAX_SECONDS: positiveInt('an integer from 1 to 31536000', 31_536_000).default(
    7 * 86_400,
  ),
  PLINTH_ALERTMANAGER_URL: z.url({ protocol: /^https?$/ }).optional(),
  PLINTH_CHECK_RESULT_RETENTION_DAYS: positiveInt('an integer from 1 to 400', 400).default(14),
  PLINTH_RESULT_BATCH_WRITERS: positiveInt('an integer from 1 to 100', 100).default(2),
  PLINTH_ROLLUP_INTERVAL_SECONDS: positiveInt('an integer from 1 to 300', 300).default(60),
  PLINTH_STORAGE_CONCURRENCY: positiveInt('an integer from 1 to 1000', 1000).default(16),
  PLINTH_STORAGE_QUEUE_PER_ORGANIZATION: z.coerce
    .number({ error: 'must be an integer from 0 to 100000' })
    .int({ error: 'must be an integer from 0 to 100000' })
    .min(0, { error: 'must be an integer from 0 to 100000' })
    .max(100_000, { error: 'must be an integer from 0 to 100000' })
    .default(64),
  // The steps of SagaStep (areas/buckets/storage/runtime.ts).
  PLINTH_TEST_PAUSE_AFTER_STEP: z
    .enum([
      'recorded',
      'bucket',
      'access',
      'cors',
      'rollback-access',
      'rollback-bucket',
      'delete-checked',
      'deleting',
      'delete-access',
      'delete-bucket',
      'usage',
      'rotate-access',
      'rotated',
    ])
    .optional(),
  PLINTH_TEST_HOOKS: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
  PLINTH_TRUST_PROXY: z
    .string()
    .regex(/^(false|true|[0-9]|10)$/, { error: 'must be false, true or a number of proxy hops from 0 to 10' })
    .default('false')
    .transform((v) => (v === 'false' ? 0 : v === 'true' ? 1 : Number(v))),
  PLINTH_HSTS_MAX_AGE_SECONDS: z.coerce
    .number({ error: 'must be an integer from 0 to 63072000' })
    .int({ error: 'must be an integer from 0 to 63072000' })
    .min(0, { error: 'must be an integer from 0 to 63072000' })
    .max(63_072_000, { error: 'must be an integer from 0 to 63072000' })
    .default(0),
  PLINTH_PUBLIC_URL: z
    .url({
      protocol: /^https?$/,
      error: 'must be the http(s) URL users reach the API at, e.g. https://plinth.example.com',
    })
    .refine(
      (v) => {
        const u = new URL(v);
        return (u.pathname === '/' || u.pathname === '') && !u.search && !u.hash;
      },
      {
        error: 'must be an origin without a path, e.g. https://plinth.example.com',
      },
    )
    .transform((v) => new URL(v).origin)
    .optional(),
  PLINTH_SESSION_IDLE_SECONDS: positiveInt('an integer from 60 to 2592000', 2_592_000)
    .min(60, { error: 'must be an integer from 60 to 2592000' })
    .default(28_800),
  PLINTH_SESSION_ABSOLUTE_SECONDS: positiveInt('an integer from 300 to 2592000', 2_592_000)
    .min(300, { error: 'must be an integer from 300 to 2592000' })
    .default(86_400),
  PLINTH_ACTION_RUNNER: z
    .enum(['none', 'oci', 'kubernetes'], { error: 'must be none, oci or kubernetes' })
    .default('none'),
  PLINTH_RUNNER_IMAGES_DIR: nonEmpty.optional(),
  PLINTH_RUNNER_NAMESPACE: nonEmpty.default('default'),
  PLINTH_RUNNER_NAMESPACES: commaList(
    /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/,
    'a comma-separated list of namespace names',
  ),
  PLINTH_RUNNER_CONCURRENCY: positiveInt('an integer from 1 to 64', 64).default(2),
  PLINTH_RUN_OUTPUT_LIMIT_BYTES: positiveInt('an integer from 1 to 16777216', 16 * 1024 * 1024).default(
    1024 * 1024,
  ),
  PLINTH_WORKSPACES_DIR: nonEmpty.optional(),
  PLINTH_WEBHOOK_ALLOW_PRIVATE: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .refine((xs) => xs.every((x) => /^[0-9a-fA-F:.]+\/\d{1,3}$/.test(x)), {
      error: 'must be a comma-separated list of CIDR ranges such as 10.0.0.0/8,fd00::/8',
    })
    .optional(),
  PLINTH_WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .transform((v) => v.split(',').map((x) => Number(x.trim())))
    .refine((xs) => xs.length <= 20 && xs.every((x) => Number.isInteger(x) && x >= 0 && x <= 604_800), {
      error: 'must be a comma-separated list of at most 20 delays in seconds (0 to 604800)',
    })
    .optional(),
  PLINTH_DELIVERY_CONCURRENCY: positiveInt('an integer from 1 to 512', 512).default(32),
  PLINTH_DELIVERY_PER_RECEIVER: positiveInt('an integer from 1 to 512', 512).default(8),
  PLINTH_JOB_THREAD: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('true')
    .transform((v) => v === 'true'),
  PLINTH_MCP_ALLOWED_HOSTS: commaList(
    /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:]+\](:\d{1,5})?$/,
    'a comma-separated list of host or host:port values',
  ),
  PLINTH_MCP_ALLOWED_ORIGINS: commaList(
    /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$|^https?:\/\/\[[0-9a-f:]+\](:\d{1,5})?$/,
    'a comma-separated list of origins such as https://assistant.example',
  ),
});

export type Env = z.input<typeof EnvSchema>;

/** Validated configuration of the API process. */
export interface Config {
  readonly port: number;
  readonly host: string;
  /** The listener of `/metrics` alone: never the public port, which carries no tenant data. */
  readonly metricsPort: number;
  readonly metricsHost: string;
  readonly logLevel: (typeof LOG_LEVELS)[number];
  /** `postgres` when `DATABASE_URL` is set, else the embedded PGlite under `dataDir`. */
  readonly database: DatabaseOptions;
  readonly dataDir: string;
  readonly migrateOnStart: boolean;
  readonly bootstrapAdmin: { readonly username: string; readonly password: string | undefined };
  /** Unset only on the embedded default, where the keys are generated into the data directory. */
  readonly encryptionKey: Buffer | undefined;
  readonly jwtSigningKey: string | undefined;
  readonly bodyLimitBytes: number;
  readonly shutdownTimeoutMs: number;
  /** Lifetime of login tokens from POST /api/login/. */
  readonly loginTokenTtlSeconds: number;
  /**
   * How many proxies in front of the API append to X-Forwarded-For (an ingress: 1). The client is
   * that many entries from the right; 0: the socket peer, X-Forwarded-For ignored.
   */
  readonly trustProxyHops: number;
  /** `Strict-Transport-Security: max-age=…` on every response when above 0 (served over TLS). */
  readonly hstsMaxAgeSeconds: number;
  /** The MCP endpoint's accepted Host values (empty: any) and browser origins (docs/mcp.md). */
  readonly mcp: { readonly allowedHosts: readonly string[]; readonly allowedOrigins: readonly string[] };
  /** The origin users reach the API at: OIDC redirect URIs, `Secure` cookies when https. */
  readonly publicUrl: string | undefined;
  /** Web UI sessions: idle and absolute lifetimes. */
  readonly sessions: { readonly idleSeconds: number; readonly absoluteSeconds: number };
  /** OpenID Connect providers of the web UI's sign-in, from the PLINTH_CONFIG file. */
  readonly oidcProviders: readonly OidcProviderConfig[];
  /** Storage clusters and regions, from the PLINTH_CONFIG file (empty when unset). */
  readonly storage: StorageConfig;
  /** Trusted Kubernetes ServiceAccount issuers and accounts, from the PLINTH_CONFIG file. */
  readonly serviceAccounts: ServiceAccountsConfig | null;
  readonly usageIntervalMs: number;
  /** How long a rotated bucket key keeps working: the default and the most a caller may ask. */
  readonly credentialGrace: { readonly defaultSeconds: number; readonly maxSeconds: number };
  /** Storage sagas at once per cluster, and waiting per organization (core/admission.ts). */
  readonly storageAdmission: { readonly concurrency: number; readonly queuePerOrganization: number };
  /** Where actions run (areas/runs; docs/events.md). */
  readonly actions: {
    readonly runner: 'none' | 'oci' | 'kubernetes';
    readonly imagesDir: string;
    readonly namespace: string;
    readonly namespaces: readonly string[];
    readonly concurrency: number;
    readonly outputLimitBytes: number;
  };
  /** How events reach their handlers (areas/events; docs/events.md). */
  readonly events: {
    readonly workspacesDir: string | null;
    readonly allowPrivate: readonly string[];
    readonly retrySchedule: readonly number[] | undefined;
    readonly concurrency: number;
    readonly perReceiver: number;
  };
  /** Monitoring (areas/monitoring; docs/monitoring.md). */
  readonly monitoring: {
    readonly resultRetentionDays: number;
    readonly alertmanagerUrl: string | null;
    /** The most results batches a process stores at once (areas/monitoring/ingest.ts). */
    readonly batchWriters: number;
    /** How often the rollup job counts new results (areas/monitoring/rollups.ts). */
    readonly rollupIntervalSeconds: number;
  };
  /** On PostgreSQL, run the busy job pools (deliveries) on a thread of their own (job-thread.ts). */
  readonly jobThread: boolean;
  /** Test-only (needs PLINTH_TEST_HOOKS=true): pause after this saga step (crash-safety tests). */
  readonly testPauseAfterStep: string | undefined;
}

/**
 * Parses the environment. Throws {@link ConfigError} naming every bad variable; values are never
 * echoed back, because some of these variables hold secrets.
 */
export function loadConfig(env: Record<string, string | undefined>): Config {
  // Empty strings count as unset, as in most twelve-factor tooling (`FOO= npm start`).
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.DATABASE_URL !== undefined) {
    // A shared server means several replicas: keys generated per replica would not agree.
    if (e.PLINTH_ENCRYPTION_KEY === undefined)
      problems.push('PLINTH_ENCRYPTION_KEY is required when DATABASE_URL is set');
    if (e.PLINTH_JWT_SIGNING_KEY === undefined)
      problems.push('PLINTH_JWT_SIGNING_KEY is required when DATABASE_URL is set');
  }
  if (e.PLINTH_METRICS_PORT === e.PORT) problems.push('PLINTH_METRICS_PORT must differ from PORT');
  // A production process must never stop halfway through a saga because of a stray variable.
  if (e.PLINTH_TEST_PAUSE_AFTER_STEP !== undefined && !e.PLINTH_TEST_HOOKS)
    problems.push('PLINTH_TEST_PAUSE_AFTER_STEP is a test hook, refused unless PLINTH_TEST_HOOKS=true');
  if (e.PLINTH_SESSION_IDLE_SECONDS > e.PLINTH_SESSION_ABSOLUTE_SECONDS)
    problems.push('PLINTH_SESSION_IDLE_SECONDS must not exceed PLINTH_SESSION_ABSOLUTE_SECONDS');
  if (problems.length > 0) throw new ConfigError(problems);
  const oidcProviders = loadOidcConfig(e.PLINTH_CONFIG, env);
  // Redirect URIs are registered at the provider: they cannot follow whatever Host a request names.
  if (oidcProviders.length > 0 && e.PLINTH_PUBLIC_URL === undefined)
    throw new ConfigError(['PLINTH_PUBLIC_URL is required when PLINTH_CONFIG declares OIDC providers']);

  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    metricsPort: e.PLINTH_METRICS_PORT,
    metricsHost: e.PLINTH_METRICS_HOST,
    logLevel: e.LOG_LEVEL,
    database:
      e.DATABASE_URL !== undefined
        ? { kind: 'postgres', url: e.DATABASE_URL, poolSize: e.PLINTH_DB_POOL_SIZE }
        : { kind: 'pglite', dataDir: e.PLINTH_DATA_DIR },
    dataDir: e.PLINTH_DATA_DIR,
    migrateOnStart: e.PLINTH_MIGRATE_ON_START,
    bootstrapAdmin: {
      username: e.PLINTH_BOOTSTRAP_ADMIN_USERNAME,
      password: e.PLINTH_BOOTSTRAP_ADMIN_PASSWORD,
    },
    encryptionKey:
      e.PLINTH_ENCRYPTION_KEY !== undefined ? Buffer.from(e.PLINTH_ENCRYPTION_KEY, 'base64') : undefined,
    jwtSigningKey: e.PLINTH_JWT_SIGNING_KEY,
    bodyLimitBytes: e.PLINTH_BODY_LIMIT_BYTES,
    shutdownTimeoutMs: e.PLINTH_SHUTDOWN_TIMEOUT_SECONDS * 1000,
    loginTokenTtlSeconds: e.PLINTH_LOGIN_TOKEN_TTL_SECONDS,
    trustProxyHops: e.PLINTH_TRUST_PROXY,
    hstsMaxAgeSeconds: e.PLINTH_HSTS_MAX_AGE_SECONDS,
    mcp: {
      allowedHosts: e.PLINTH_MCP_ALLOWED_HOSTS ?? [],
      allowedOrigins: e.PLINTH_MCP_ALLOWED_ORIGINS ?? [],
    },
    publicUrl: e.PLINTH_PUBLIC_URL,
    sessions: {
      idleSeconds: e.PLINTH_SESSION_IDLE_SECONDS,
      absoluteSeconds: e.PLINTH_SESSION_ABSOLUTE_SECONDS,
    },
    oidcProviders,
    storage: loadStorageConfig(e.PLINTH_CONFIG, env),
    serviceAccounts: loadServiceAccountsConfig(e.PLINTH_CONFIG),
    usageIntervalMs: e.PLINTH_USAGE_INTERVAL_SECONDS * 1000,
    credentialGrace: {
      defaultSeconds: Math.min(e.PLINTH_CREDENTIAL_GRACE_SECONDS, e.PLINTH_CREDENTIAL_GRACE_MAX_SECONDS),
      maxSeconds: e.PLINTH_CREDENTIAL_GRACE_MAX_SECONDS,
    },
    storageAdmission: {
      concurrency: e.PLINTH_STORAGE_CONCURRENCY,
      queuePerOrganization: e.PLINTH_STORAGE_QUEUE_PER_ORGANIZATION,
    },
    actions: {
      runner: e.PLINTH_ACTION_RUNNER,
      imagesDir: e.PLINTH_RUNNER_IMAGES_DIR ?? `${e.PLINTH_DATA_DIR}/images`,
      namespace: e.PLINTH_RUNNER_NAMESPACE,
      namespaces: e.PLINTH_RUNNER_NAMESPACES ?? [],
      concurrency: e.PLINTH_RUNNER_CONCURRENCY,
      outputLimitBytes: e.PLINTH_RUN_OUTPUT_LIMIT_BYTES,
    },
    events: {
      workspacesDir: e.PLINTH_WORKSPACES_DIR ?? null,
      allowPrivate: e.PLINTH_WEBHOOK_ALLOW_PRIVATE ?? [],
      retrySchedule: e.PLINTH_WEBHOOK_RETRY_SCHEDULE,
      concurrency: e.PLINTH_DELIVERY_CONCURRENCY,
      perReceiver: e.PLINTH_DELIVERY_PER_RECEIVER,
    },
    monitoring: {
      resultRetentionDays: e.PLINTH_CHECK_RESULT_RETENTION_DAYS,
      alertmanagerUrl: e.PLINTH_ALERTMANAGER_URL ?? null,
      batchWriters: e.PLINTH_RESULT_BATCH_WRITERS,
      rollupIntervalSeconds: e.PLINTH_ROLLUP_INTERVAL_SECONDS,
    },
    jobThread: e.PLINTH_JOB_THREAD,
    testPauseAfterStep: e.PLINTH_TEST_PAUSE_AFTER_STEP,
  } satisfies Config);
}
