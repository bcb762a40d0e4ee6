/**
 * A client for Garage's admin API v2 (`/v2/<Operation>`, bearer token), as much of it as the
 * `garage` driver uses. Names and bodies follow garage_api_admin 2.5.0 (`api.rs`, `router_v2.rs`):
 * JSON in camelCase, errors as `{ code, message, region, path }` with an HTTP status. See
 * docs/storage.md for what each driver operation calls.
 */

export interface GarageAdminOptions {
  /** Base URL of the admin API, e.g. `http://127.0.0.1:3903`. */
  endpoint: string;
  /** An admin token (the `[admin] admin_token`, or one made with CreateAdminToken). */
  token: string;
  /** Per request; default 30 s. */
  timeoutMs?: number;
}

/** A refusal from the admin API: its HTTP status and Garage's error code (`NoSuchBucket`, …). */
export class GarageAdminError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'GarageAdminError';
    this.status = status;
    this.code = code;
  }
}

export interface BucketKeyPermissions {
  read: boolean;
  write: boolean;
  owner: boolean;
}

/** GetBucketInfo's answer, the fields the driver reads. */
export interface GarageBucketInfo {
  id: string;
  globalAliases: string[];
  keys: {
    accessKeyId: string;
    name: string;
    permissions: BucketKeyPermissions;
    /** This key's local aliases that point to the bucket. */
    bucketLocalAliases: string[];
  }[];
  objects: number;
  bytes: number;
}

/** GetKeyInfo's answer, the fields the driver reads. */
export interface GarageKeyInfo {
  accessKeyId: string;
  name: string;
  created: string | null;
  expired: boolean;
  /** Present only when asked for (`showSecretKey`) or on CreateKey. */
  secretAccessKey?: string;
  permissions: { createBucket: boolean };
  /** Buckets the key has a permission on or a local alias for. */
  buckets: {
    id: string;
    globalAliases: string[];
    localAliases: string[];
    permissions: BucketKeyPermissions;
  }[];
}

export interface GarageKeyListItem {
  id: string;
  name: string;
  created: string | null;
  expired: boolean;
}

/** Page size of the list calls; Garage's `offset` names the first item to return (inclusive). */
const PAGE = 1000;

export function createGarageAdmin(opts: GarageAdminOptions) {
  const base = opts.endpoint.replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? 30_000;

  async function call<T>(
    method: 'GET' | 'POST',
    operation: string,
    query: Record<string, string | undefined> = {},
    body?: unknown,
  ): Promise<T> {
    const url = new URL(`${base}/v2/${operation}`);
    for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, v);
    const res = await fetch(url, {
      method,
      headers: {
        Authorization: `Bearer ${opts.token}`,
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    if (!res.ok) {
      let code = 'Unknown';
      let message = text.slice(0, 500);
      try {
        const err = JSON.parse(text) as { code?: string; message?: string };
        code = err.code ?? code;
        message = err.message ?? message;
      } catch {
        // not JSON (a proxy's page): keep the text
      }
      throw new GarageAdminError(
        res.status,
        code,
        `Garage admin ${operation}: ${res.status} ${code}: ${message}`,
      );
    }
    return (text ? JSON.parse(text) : null) as T;
  }

  /** Null for 404 (no such bucket or key), the answer otherwise. */
  async function orNull<T>(p: Promise<T>): Promise<T | null> {
    try {
      return await p;
    } catch (err) {
      if (err instanceof GarageAdminError && err.status === 404) return null;
      throw err;
    }
  }

  /** Every item of a paged list call. */
  async function all<T extends { id: string }>(operation: string): Promise<T[]> {
    const out: T[] = [];
    let offset: string | undefined;
    for (;;) {
      const page = await call<T[]>('GET', operation, { offset, limit: String(PAGE) });
      // The offset item comes back first on every page after the first.
      const fresh = offset === undefined ? page : page.filter((item) => item.id !== offset);
      out.push(...fresh);
      if (page.length < PAGE || fresh.length === 0) return out;
      offset = page[page.length - 1]!.id;
    }
  }

  const keyPerm = (bucketId: string, accessKeyId: string, permissions: Partial<BucketKeyPermissions>) => ({
    bucketId,
    accessKeyId,
    permissions: { read: false, write: false, owner: false, ...permissions },
  });

  return {
    /** The bucket with this global alias (its S3 name), or null. */
    bucketByName: (name: string) =>
      orNull(call<GarageBucketInfo>('GET', 'GetBucketInfo', { globalAlias: name })),
    /** Every bucket with its usage counters, one call per thousand buckets. */
    listBucketsInfo: () => all<GarageBucketInfo>('ListBucketsInfo'),
    createBucket: (globalAlias: string) =>
      call<GarageBucketInfo>('POST', 'CreateBucket', {}, { globalAlias }),
    /** Refused with 409 `BucketNotEmpty` while the bucket holds an object. */
    deleteBucket: (id: string) => call<null>('POST', 'DeleteBucket', { id }),
    /** Sets the flags given as true; leaves the others as they are. */
    allowBucketKey: (bucketId: string, accessKeyId: string, permissions: Partial<BucketKeyPermissions>) =>
      call<GarageBucketInfo>('POST', 'AllowBucketKey', {}, keyPerm(bucketId, accessKeyId, permissions)),
    /** Clears the flags given as true; leaves the others as they are. */
    denyBucketKey: (bucketId: string, accessKeyId: string, permissions: Partial<BucketKeyPermissions>) =>
      call<GarageBucketInfo>('POST', 'DenyBucketKey', {}, keyPerm(bucketId, accessKeyId, permissions)),
    addLocalAlias: (bucketId: string, accessKeyId: string, localAlias: string) =>
      call<GarageBucketInfo>('POST', 'AddBucketAlias', {}, { bucketId, accessKeyId, localAlias }),
    removeLocalAlias: (bucketId: string, accessKeyId: string, localAlias: string) =>
      call<GarageBucketInfo>('POST', 'RemoveBucketAlias', {}, { bucketId, accessKeyId, localAlias }),

    /** The key (not deleted), or null; its secret only when `showSecretKey`. */
    keyInfo: (id: string, showSecretKey = false) =>
      orNull(
        call<GarageKeyInfo>('GET', 'GetKeyInfo', { id, ...(showSecretKey && { showSecretKey: 'true' }) }),
      ),
    /** Every key that is not deleted (ID, name, creation time). */
    listKeys: () => all<GarageKeyListItem>('ListKeys'),
    /** A key with an ID and secret generated by Garage (`GK` + 24 hex, 64 hex); the answer has the secret. */
    createKey: (name: string) => call<GarageKeyInfo>('POST', 'CreateKey', {}, { name }),
    /**
     * A key with a chosen ID and secret. 409 `KeyAlreadyExists` when the ID exists, also when it
     * was deleted: Garage keeps deleted keys as tombstones, so an ID can be imported only once.
     */
    importKey: (accessKeyId: string, secretAccessKey: string, name: string) =>
      call<GarageKeyInfo>('POST', 'ImportKey', {}, { accessKeyId, secretAccessKey, name }),
    /** Takes the key's permissions and local aliases with it; 404 when absent. */
    deleteKey: (id: string) => call<null>('POST', 'DeleteKey', { id }),
    denyCreateBucket: (id: string) =>
      call<GarageKeyInfo>('POST', 'UpdateKey', { id }, { deny: { createBucket: true } }),
  };
}

export type GarageAdmin = ReturnType<typeof createGarageAdmin>;
