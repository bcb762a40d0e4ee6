import { decryptData, encryptData } from './madmin-crypto.ts';
import { signRequest } from './sigv4.ts';

/** Where MinIO is and the credentials with admin rights (root, or a user with admin policies). */
export interface MinioAdminOptions {
  /** Base URL of the server, e.g. `http://127.0.0.1:9000`. */
  endpoint: string;
  accessKey: string;
  secretKey: string;
  /** Signing region; MinIO's default is `us-east-1`. */
  region?: string;
  /** Per-request timeout. Default 30 s. */
  timeoutMs?: number;
}

/** A built-in (not LDAP/OIDC) MinIO user as `user-info` reports it; never carries the secret. */
export interface MinioUserInfo {
  status: 'enabled' | 'disabled';
  /** Attached policies, comma-separated as MinIO stores them; empty when none. */
  policyName: string;
  memberOf: string[];
  updatedAt?: string;
}

/** The bucket sizes of the last completed usage scan. */
export interface MinioDataUsage {
  /** When the scan that produced these figures finished; absent before the first one. */
  lastUpdate?: string;
  buckets: Record<string, { size: number; objectsCount: number }>;
}

/** The admin operations the storage driver needs. */
export interface MinioAdmin {
  /**
   * Creates the user, or updates its secret key and enables it when it exists. MinIO wants a
   * secret key of 8 to 40 characters (`XMinioAdminInvalidSecretKey` otherwise).
   */
  addUser(accessKey: string, secretKey: string): Promise<void>;
  /** Deletes the user; a user that does not exist counts as removed. */
  removeUser(accessKey: string): Promise<void>;
  /** The user, or null when there is no such user. */
  userInfo(accessKey: string): Promise<MinioUserInfo | null>;
  /** All built-in users by access key (the server answers this one encrypted). */
  listUsers(): Promise<Record<string, { status: 'enabled' | 'disabled'; policyName: string }>>;
  /** Creates or replaces a named IAM policy. */
  addCannedPolicy(name: string, policy: string | object): Promise<void>;
  /**
   * Deletes a named policy; one that does not exist counts as removed. A policy still attached
   * to a user is refused (`XMinioIAMPolicyInUse`): remove the user first.
   */
  removeCannedPolicy(name: string): Promise<void>;
  /**
   * Makes `policy` the user's only policy, replacing any attached before; setting it again is no
   * error. Unencrypted both ways (`set-user-or-group-policy`), so no key derivation on either side;
   * on a server without that deprecated call it falls back to {@link attachPolicy}.
   */
  setUserPolicy(user: string, policy: string): Promise<void>;
  /**
   * Attaches policies to a user; those already attached are left as they are. Returns the ones
   * this call newly attached (empty when all were already attached). Both bodies are encrypted,
   * and MinIO answers with Argon2id: two derivations of ~200 ms, one on each side.
   */
  attachPolicy(user: string, policies: string[]): Promise<string[]>;
  /** Bucket sizes from the background scanner: eventually consistent, minutes behind at worst. */
  dataUsageInfo(): Promise<MinioDataUsage>;
}

/**
 * A failed admin call: the HTTP status and MinIO's error code (e.g. `XMinioAdminNoSuchUser`).
 * The message names the operation and MinIO's own text, never credentials.
 */
export class MinioAdminError extends Error {
  readonly status: number;
  readonly code: string;
  readonly operation: string;

  constructor(operation: string, status: number, code: string, detail: string) {
    super(`MinIO admin ${operation} failed: HTTP ${status} ${code}${detail ? `: ${detail}` : ''}`);
    this.name = 'MinioAdminError';
    this.operation = operation;
    this.status = status;
    this.code = code;
  }
}

// Codes checked against a real server (see minio-admin.int.test.ts). user-info and remove-user
// answer 404 NoSuchUser for an unknown user. remove-canned-policy answers 200 for an unknown
// policy on the server tested; NoSuchPolicy is still accepted in case another version or IAM
// store reports it.
const NO_SUCH_USER = 'XMinioAdminNoSuchUser';
const NO_SUCH_POLICY = 'XMinioAdminNoSuchPolicy';
/** Attaching only policies the user already has: "no net effect", i.e. already done. */
const POLICY_ALREADY_APPLIED = 'XMinioAdminPolicyChangeAlreadyApplied';
/** MinIO's answer to an admin call it does not know (426), e.g. a removed deprecated one. */
const UNKNOWN_ADMIN_API = 'XMinioAdminVersionMismatch';

const ADMIN_PREFIX = '/minio/admin/v3/';

/** Go's zero time: what MinIO reports for "never" (no scan yet, user never updated). */
const ZERO_TIME = '0001-01-01T00:00:00Z';
const time = (value: string | undefined) => (value && value !== ZERO_TIME ? value : undefined);

interface CallOptions {
  operation: string;
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  path: string;
  query?: Record<string, string>;
  body?: Uint8Array;
  contentType?: string;
  /** Secrets of this call besides the signing key, to keep out of error messages. */
  secrets?: string[];
}

/** MinIO answers admin errors as JSON, S3-level ones (e.g. bad signature) as XML. */
function parseError(text: string): { code: string; message: string } {
  try {
    const json = JSON.parse(text) as { Code?: unknown; Message?: unknown };
    if (typeof json.Code === 'string')
      return { code: json.Code, message: typeof json.Message === 'string' ? json.Message : '' };
  } catch {
    // not JSON; try XML below
  }
  const tag = (name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(text)?.[1] ?? '';
  return { code: tag('Code') || 'Unknown', message: tag('Message') };
}

function redact(text: string, secrets: string[]): string {
  let out = text;
  for (const secret of secrets) if (secret) out = out.split(secret).join('***');
  return out.slice(0, 500);
}

/**
 * A client for the parts of MinIO's admin API (`/minio/admin/v3/`) that provision per-tenant
 * users and policies and read bucket usage. Requests are SigV4-signed (service `s3`); bodies
 * carrying secrets are encrypted with the signing secret key as madmin-go does.
 */
export function createMinioAdmin(options: MinioAdminOptions): MinioAdmin {
  const base = options.endpoint.replace(/\/+$/, '');
  const region = options.region ?? 'us-east-1';
  const timeoutMs = options.timeoutMs ?? 30_000;
  const { accessKey: adminAccessKey, secretKey: adminSecretKey } = options;

  async function call(opts: CallOptions): Promise<Uint8Array> {
    const url = new URL(`${base}${ADMIN_PREFIX}${opts.path}`);
    for (const [key, value] of Object.entries(opts.query ?? {})) url.searchParams.set(key, value);
    const headers: Record<string, string> = {};
    if (opts.contentType) headers['Content-Type'] = opts.contentType;
    const signed = signRequest(
      { method: opts.method, url, headers, body: opts.body },
      { accessKeyId: adminAccessKey, secretAccessKey: adminSecretKey, region, service: 's3' },
    );
    // fetch derives Host (and Content-Length) from the same URL and body that were signed.
    const { Host: _host, ...sendHeaders } = signed.headers;
    const res = await fetch(url, {
      method: opts.method,
      headers: sendHeaders,
      body: opts.body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (!res.ok) {
      const { code, message } = parseError(new TextDecoder().decode(bytes));
      const secrets = [adminSecretKey, ...(opts.secrets ?? [])];
      throw new MinioAdminError(opts.operation, res.status, code, redact(message, secrets));
    }
    return bytes;
  }

  const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
  const parse = <T>(bytes: Uint8Array): T => JSON.parse(new TextDecoder().decode(bytes)) as T;
  const ignoring = async (code: string, run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (err) {
      if (!(err instanceof MinioAdminError && err.code === code)) throw err;
    }
  };

  async function attachPolicy(user: string, policies: string[]): Promise<string[]> {
    try {
      const sealed = await call({
        operation: 'attach-policy',
        method: 'POST',
        path: 'idp/builtin/policy/attach',
        body: await encryptData(adminSecretKey, json({ policies, user })),
        // MinIO insists on this type so that the body cannot be read as a form.
        contentType: 'application/octet-stream',
      });
      const result = parse<{ policiesAttached?: string[] }>(await decryptData(adminSecretKey, sealed));
      return result.policiesAttached ?? [];
    } catch (err) {
      if (err instanceof MinioAdminError && err.code === POLICY_ALREADY_APPLIED) return [];
      throw err;
    }
  }

  return {
    async addUser(accessKey, secretKey) {
      await call({
        operation: 'add-user',
        method: 'PUT',
        path: 'add-user',
        query: { accessKey },
        body: await encryptData(adminSecretKey, json({ status: 'enabled', secretKey })),
        secrets: [secretKey],
      });
    },

    async removeUser(accessKey) {
      await ignoring(NO_SUCH_USER, () =>
        call({ operation: 'remove-user', method: 'DELETE', path: 'remove-user', query: { accessKey } }),
      );
    },

    async userInfo(accessKey) {
      let bytes: Uint8Array;
      try {
        bytes = await call({
          operation: 'user-info',
          method: 'GET',
          path: 'user-info',
          query: { accessKey },
        });
      } catch (err) {
        if (err instanceof MinioAdminError && err.code === NO_SUCH_USER) return null;
        throw err;
      }
      const info = parse<{
        status: 'enabled' | 'disabled';
        policyName?: string;
        memberOf?: string[];
        updatedAt?: string;
      }>(bytes);
      return {
        status: info.status,
        policyName: info.policyName ?? '',
        memberOf: info.memberOf ?? [],
        ...(time(info.updatedAt) ? { updatedAt: info.updatedAt } : {}),
      };
    },

    async listUsers() {
      const sealed = await call({ operation: 'list-users', method: 'GET', path: 'list-users' });
      const users = parse<Record<string, { status: 'enabled' | 'disabled'; policyName?: string }>>(
        await decryptData(adminSecretKey, sealed),
      );
      return Object.fromEntries(
        Object.entries(users).map(([name, u]) => [
          name,
          { status: u.status, policyName: u.policyName ?? '' },
        ]),
      );
    },

    async addCannedPolicy(name, policy) {
      await call({
        operation: 'add-canned-policy',
        method: 'PUT',
        path: 'add-canned-policy',
        query: { name },
        body: new TextEncoder().encode(typeof policy === 'string' ? policy : JSON.stringify(policy)),
      });
    },

    async removeCannedPolicy(name) {
      await ignoring(NO_SUCH_POLICY, () =>
        call({
          operation: 'remove-canned-policy',
          method: 'DELETE',
          path: 'remove-canned-policy',
          query: { name },
        }),
      );
    },

    async setUserPolicy(user, policy) {
      try {
        await call({
          operation: 'set-user-policy',
          method: 'PUT',
          path: 'set-user-or-group-policy',
          query: { policyName: policy, userOrGroup: user, isGroup: 'false' },
        });
      } catch (err) {
        // Deprecated since MinIO added attach/detach (2022) but still served by the last release;
        // a server that dropped it gets the encrypted call instead.
        if (!(err instanceof MinioAdminError && err.code === UNKNOWN_ADMIN_API)) throw err;
        await attachPolicy(user, [policy]);
      }
    },

    attachPolicy,

    async dataUsageInfo() {
      const usage = parse<{
        lastUpdate?: string;
        bucketsUsageInfo?: Record<string, { size?: number; objectsCount?: number }>;
      }>(await call({ operation: 'datausageinfo', method: 'GET', path: 'datausageinfo' }));
      const buckets: MinioDataUsage['buckets'] = {};
      for (const [name, b] of Object.entries(usage.bucketsUsageInfo ?? {}))
        buckets[name] = { size: b.size ?? 0, objectsCount: b.objectsCount ?? 0 };
      const lastUpdate = time(usage.lastUpdate);
      return { ...(lastUpdate ? { lastUpdate } : {}), buckets };
    },
  };
}
