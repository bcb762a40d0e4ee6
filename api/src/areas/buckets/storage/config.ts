import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { z } from 'zod';
import { ConfigError } from '../../../core/config-error.ts';

/**
 * The `PLINTH_CONFIG` file: storage clusters and the regions that resolve to them. Credentials are
 * never in the file, only the names of the environment variables that hold them.
 */
const envName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { error: 'must name an environment variable' });
const clusterName = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]*$/, { error: 'lowercase letters, digits and dashes' });
const httpUrl = z.url({ error: 'must be an http(s) URL' });

const MinioClusterSchema = z
  .object({
    name: clusterName,
    driver: z.literal('minio'),
    endpoint: httpUrl,
    public_endpoint: httpUrl.optional(),
    path_style: z.boolean().default(true),
    signing_region: z.string().default('us-east-1'),
    admin_access_key_env: envName,
    admin_secret_key_env: envName,
  })
  .strict();

/**
 * Garage (docs/storage.md): the S3 API at `endpoint`, the admin API v2 at `admin_endpoint` with a
 * bearer token, and `signing_region` equal to the server's `s3_region` (Garage refuses signatures
 * naming any other). The API makes its own S3 key, named `api_key_name`, on first use.
 */
const GarageClusterSchema = z
  .object({
    name: clusterName,
    driver: z.literal('garage'),
    endpoint: httpUrl,
    public_endpoint: httpUrl.optional(),
    path_style: z.boolean().default(true),
    signing_region: z.string().min(1).default('garage'),
    admin_endpoint: httpUrl,
    admin_token_env: envName,
    api_key_name: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/, { error: 'letters, digits, dots, dashes and underscores' })
      .default('plinth-api'),
  })
  .strict();

const ClusterSchema = z.discriminatedUnion('driver', [MinioClusterSchema, GarageClusterSchema], {
  error: (issue) =>
    issue.code === 'invalid_union'
      ? 'must be minio or garage (rgw and aws are not implemented yet)'
      : undefined,
});

const FileSchema = z
  .object({
    clusters: z.array(ClusterSchema).default([]),
    regions: z
      .array(z.object({ name: z.string().regex(/^[a-z0-9][a-z0-9-]*$/), cluster: z.string() }).strict())
      .default([]),
    // Read by auth/service-accounts.ts and auth/sso/config.ts.
    service_accounts: z.unknown().optional(),
    oidc: z.unknown().optional(),
  })
  .strict();

interface ClusterBase {
  readonly name: string;
  /** The S3 API the API talks to. */
  readonly endpoint: string;
  /** What applications get as AWS_ENDPOINT_URL_S3. */
  readonly publicEndpoint: string;
  readonly pathStyle: boolean;
  readonly signingRegion: string;
}

export interface MinioClusterConfig extends ClusterBase {
  readonly driver: 'minio';
  readonly accessKey: string;
  readonly secretKey: string;
}

export interface GarageClusterConfig extends ClusterBase {
  readonly driver: 'garage';
  /** Base URL of the admin API (the `[admin]` section's `api_bind_addr`). */
  readonly adminEndpoint: string;
  readonly adminToken: string;
  /** Name of the S3 key the API makes for itself and owns its buckets with. */
  readonly apiKeyName: string;
}

export type ClusterConfig = MinioClusterConfig | GarageClusterConfig;

/** How messages name each backend. */
export const BACKEND_NAMES: Readonly<Record<ClusterConfig['driver'], string>> = {
  minio: 'MinIO',
  garage: 'Garage',
};

export interface StorageConfig {
  readonly clusters: ReadonlyMap<string, ClusterConfig>;
  /** Region name to cluster name. */
  readonly regions: ReadonlyMap<string, string>;
}

export const NO_STORAGE: StorageConfig = { clusters: new Map(), regions: new Map() };

/** Reads and validates the file; every problem is reported as `PLINTH_CONFIG <path>: <problem>`. */
export function loadStorageConfig(
  path: string | undefined,
  env: Record<string, string | undefined>,
): StorageConfig {
  if (!path) return NO_STORAGE;
  let raw: unknown;
  try {
    raw = parse(readFileSync(path, 'utf8'));
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : 'not readable YAML';
    throw new ConfigError([`PLINTH_CONFIG ${path}: ${reason}`]);
  }
  const parsed = FileSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `PLINTH_CONFIG ${path}: ${i.path.join('.')} ${i.message}`),
    );
  }
  const problems: string[] = [];
  const clusters = new Map<string, ClusterConfig>();
  for (const c of parsed.data.clusters) {
    if (clusters.has(c.name)) problems.push(`PLINTH_CONFIG ${path}: cluster ${c.name} is declared twice`);
    const base = {
      name: c.name,
      endpoint: c.endpoint.replace(/\/+$/, ''),
      publicEndpoint: (c.public_endpoint ?? c.endpoint).replace(/\/+$/, ''),
      pathStyle: c.path_style,
      signingRegion: c.signing_region,
    };
    if (c.driver === 'garage') {
      const adminToken = env[c.admin_token_env];
      if (!adminToken) problems.push(`${c.admin_token_env} (admin token of cluster ${c.name}) is not set`);
      clusters.set(c.name, {
        ...base,
        driver: 'garage',
        adminEndpoint: c.admin_endpoint.replace(/\/+$/, ''),
        adminToken: adminToken ?? '',
        apiKeyName: c.api_key_name,
      });
      continue;
    }
    const accessKey = env[c.admin_access_key_env];
    const secretKey = env[c.admin_secret_key_env];
    if (!accessKey)
      problems.push(`${c.admin_access_key_env} (admin access key of cluster ${c.name}) is not set`);
    if (!secretKey)
      problems.push(`${c.admin_secret_key_env} (admin secret key of cluster ${c.name}) is not set`);
    clusters.set(c.name, {
      ...base,
      driver: 'minio',
      accessKey: accessKey ?? '',
      secretKey: secretKey ?? '',
    });
  }
  const regions = new Map<string, string>();
  for (const r of parsed.data.regions) {
    if (regions.has(r.name)) problems.push(`PLINTH_CONFIG ${path}: region ${r.name} is declared twice`);
    if (!clusters.has(r.cluster))
      problems.push(`PLINTH_CONFIG ${path}: region ${r.name} names unknown cluster ${r.cluster}`);
    regions.set(r.name, r.cluster);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return { clusters, regions };
}
