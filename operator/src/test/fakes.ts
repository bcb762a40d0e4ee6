/**
 * In-memory fakes of the reconciler's dependencies, for unit tests of its decisions: informer
 * caches as plain maps, a KubeClient that applies its writes to them the way the API server would,
 * and a Plinth API whose answers each test chooses. Every call lands in one `timeline`, so a test
 * can assert both what was called and in which order.
 */
import type { ObjectCache, V1Secret } from '@kubernetes/client-node';
import { FINALIZER } from '../api/v1alpha1/s3bucket.ts';
import type { S3Bucket, S3BucketStatus } from '../api/v1alpha1/s3bucket.ts';
import type {
  Bucket,
  BucketCreate,
  BucketCredentials,
  BucketHealth,
  BucketHealthResult,
  BucketListResult,
  BucketResult,
  BucketUpdate,
  CreateBucketResult,
  CredentialRotation,
  CredentialsResult,
  DeleteBucketResult,
  RotateCredentialsResult,
} from '../plinth-api/buckets.ts';
import type { KubeClient } from '../controller/kube.ts';
import type { SecretCache } from '../controller/secret-index.ts';
import type { ReconcilerDeps } from '../controller/types.ts';
import { MANAGED_BY, MANAGED_BY_LABEL } from '../controller/secret.ts';
import { apiBucket, conflict, CREDENTIALS } from './fixtures.ts';

type Named = { metadata?: { name?: string; namespace?: string } };
const keyOfObj = (o: Named) => `${o.metadata?.namespace ?? ''}/${o.metadata?.name ?? ''}`;

/** An informer cache: a map by namespace/name (cluster-scoped objects have no namespace). */
export class MapCache<T extends Named> implements ObjectCache<T> {
  private readonly items = new Map<string, T>();
  set(obj: T): void {
    this.items.set(keyOfObj(obj), obj);
  }
  delete(name: string, namespace?: string): void {
    this.items.delete(`${namespace ?? ''}/${name}`);
  }
  get(name: string, namespace?: string): T | undefined {
    return this.items.get(`${namespace ?? ''}/${name}`);
  }
  list(namespace?: string): readonly T[] {
    return [...this.items.values()].filter(
      (o) => namespace === undefined || o.metadata?.namespace === namespace,
    );
  }
}

export type KubeCall =
  | { op: 'addFinalizer'; name: string }
  | { op: 'removeFinalizer'; name: string }
  | { op: 'patchStatus'; name: string; status: S3BucketStatus }
  | { op: 'readSecret'; namespace: string; name: string }
  | { op: 'createSecret'; secret: V1Secret }
  | { op: 'replaceSecret'; secret: V1Secret; resourceVersion: string }
  | { op: 'deleteSecret'; namespace: string; name: string; uid: string }
  | { op: 'recordEvent'; type: 'Normal' | 'Warning'; reason: string; message: string };

const clone = <T>(v: T): T => structuredClone(v);
/** Runs `fn` now; its result or thrown error becomes the promise's, as an async client call's would. */
const settle = <T>(fn: () => T): Promise<T> => new Promise<T>((resolve) => resolve(fn()));

/**
 * A KubeClient over an API server's store of S3Buckets and the informer cache the reconciler reads.
 * By default the cache is the store (an informer with no lag: every write is seen at once). With
 * `lagging`, the cache is a separate copy that sees the store's changes only when the test calls
 * `deliver()`, as a watch delivers events some time after the write: a pass can then start on a
 * cache older than the pass before it. Writes of S3Buckets carry `metadata.resourceVersion`, and a
 * stale one is refused with 409, as the API server does. `secrets` holds every Secret in the
 * cluster (no lag); `managedSecrets` is the operator's labelled view of them.
 */
export class FakeKube implements KubeClient {
  readonly calls: KubeCall[] = [];
  readonly secrets = new MapCache<V1Secret>();
  readonly managedSecrets: SecretCache = {
    ownedBy: (namespace, uid) =>
      this.managedSecrets
        .list(namespace)
        .filter((s) => s.metadata?.ownerReferences?.some((r) => r.controller === true && r.uid === uid)),
    get: (name, namespace) => {
      const s = this.secrets.get(name, namespace);
      return s?.metadata?.labels?.[MANAGED_BY_LABEL] === MANAGED_BY ? s : undefined;
    },
    list: (namespace) =>
      this.secrets.list(namespace).filter((s) => s.metadata?.labels?.[MANAGED_BY_LABEL] === MANAGED_BY),
  };
  /** The API server's copy of the S3Buckets; the same map as the cache unless lagging. */
  readonly server: MapCache<S3Bucket>;
  /** A write makes the next call of this operation fail with the error instead (once). */
  readonly failNext: Partial<Record<KubeCall['op'], Error>> = {};
  /**
   * Whether S3Bucket writes are conditional on the resourceVersion they carry (the real client's
   * behaviour). `false` models an unconditional merge patch, to show what does not rely on it.
   */
  preconditions = true;
  private readonly cache: MapCache<S3Bucket>;
  private readonly timeline: string[];
  /** Watch events not yet delivered to the cache (lagging only): the object, or a deletion. */
  private readonly pending: { name: string; namespace: string; obj: S3Bucket | undefined }[] = [];
  private rv = 100;

  constructor(buckets: MapCache<S3Bucket>, timeline: string[], opts: { lagging?: boolean } = {}) {
    this.cache = buckets;
    this.timeline = timeline;
    this.server = opts.lagging ? new MapCache<S3Bucket>() : buckets;
    if (opts.lagging) for (const b of buckets.list()) this.server.set(clone(b));
  }

  nextResourceVersion(): string {
    return String(++this.rv);
  }

  /** Stores an S3Bucket on the server (or removes it), to be seen by the cache now or on `deliver()`. */
  put(name: string, namespace: string, obj: S3Bucket | undefined): void {
    if (obj) this.server.set(obj);
    else this.server.delete(name, namespace);
    if (this.server === this.cache) return;
    this.pending.push({ name, namespace, obj: obj && clone(obj) });
  }

  /** Lagging only: lets the informer deliver the next `count` pending events (default all). */
  deliver(count = Infinity): void {
    for (let i = 0; i < count && this.pending.length > 0; i++) {
      const e = this.pending.shift()!;
      if (e.obj) this.cache.set(e.obj);
      else this.cache.delete(e.name, e.namespace);
    }
  }

  private log(call: KubeCall): void {
    this.calls.push(clone(call));
    this.timeline.push(`kube.${call.op}`);
    const err = this.failNext[call.op];
    if (err) {
      delete this.failNext[call.op];
      throw err;
    }
  }

  /** The stored object the write applies to: 404 when gone, 409 at another resourceVersion. */
  private stored(bucket: S3Bucket): S3Bucket {
    const current = this.server.get(bucket.metadata.name, bucket.metadata.namespace);
    if (!current) throw Object.assign(new Error('404 Not Found'), { code: 404 });
    const sent = bucket.metadata.resourceVersion;
    if (this.preconditions && sent !== undefined && sent !== current.metadata.resourceVersion) {
      throw conflict(
        `s3bucket ${bucket.metadata.name} is at resourceVersion ${current.metadata.resourceVersion}, not ${sent}`,
      );
    }
    return current;
  }

  addFinalizer(bucket: S3Bucket): Promise<S3Bucket> {
    return settle(() => {
      this.log({ op: 'addFinalizer', name: bucket.metadata.name });
      const next = clone(this.stored(bucket));
      next.metadata.finalizers = [...(bucket.metadata.finalizers ?? []), FINALIZER];
      next.metadata.resourceVersion = this.nextResourceVersion();
      this.put(next.metadata.name, next.metadata.namespace, next);
      return clone(next);
    });
  }

  removeFinalizer(bucket: S3Bucket): Promise<void> {
    return settle(() => {
      this.log({ op: 'removeFinalizer', name: bucket.metadata.name });
      // Gone already: nothing to remove (as the real client treats a 404).
      if (!this.server.get(bucket.metadata.name, bucket.metadata.namespace)) return;
      const next = clone(this.stored(bucket));
      next.metadata.finalizers = (bucket.metadata.finalizers ?? []).filter((f) => f !== FINALIZER);
      next.metadata.resourceVersion = this.nextResourceVersion();
      // The API server removes an object being deleted once its last finalizer goes.
      const gone = next.metadata.deletionTimestamp && next.metadata.finalizers.length === 0;
      this.put(next.metadata.name, next.metadata.namespace, gone ? undefined : next);
    });
  }

  patchStatus(bucket: S3Bucket, status: S3BucketStatus): Promise<S3Bucket> {
    return settle(() => {
      this.log({ op: 'patchStatus', name: bucket.metadata.name, status });
      const next = clone(this.stored(bucket));
      // A JSON merge patch of `status`: named fields replaced (arrays whole), others kept.
      next.status = { ...next.status, ...(JSON.parse(JSON.stringify(status)) as S3BucketStatus) };
      next.metadata.resourceVersion = this.nextResourceVersion();
      this.put(next.metadata.name, next.metadata.namespace, next);
      return clone(next);
    });
  }

  readSecret(namespace: string, name: string): Promise<V1Secret | undefined> {
    this.calls.push({ op: 'readSecret', namespace, name });
    const s = this.secrets.get(name, namespace);
    return Promise.resolve(s && clone(s));
  }

  createSecret(secret: V1Secret): Promise<V1Secret> {
    return settle(() => {
      this.log({ op: 'createSecret', secret });
      const { name = '', namespace = '' } = secret.metadata ?? {};
      if (this.secrets.get(name, namespace)) throw conflict(`secret ${name} exists`);
      const stored = clone(secret);
      stored.metadata = {
        ...stored.metadata,
        uid: `uid-${name}`,
        resourceVersion: this.nextResourceVersion(),
      };
      this.secrets.set(stored);
      return clone(stored);
    });
  }

  replaceSecret(secret: V1Secret, resourceVersion: string): Promise<V1Secret> {
    return settle(() => {
      this.log({ op: 'replaceSecret', secret, resourceVersion });
      const { name = '', namespace = '' } = secret.metadata ?? {};
      const current = this.secrets.get(name, namespace);
      if (!current) throw Object.assign(new Error('404 Not Found'), { code: 404 });
      if (current.metadata?.resourceVersion !== resourceVersion) {
        throw conflict(
          `secret ${name} is at resourceVersion ${current.metadata?.resourceVersion}, not ${resourceVersion}`,
        );
      }
      const stored = clone(secret);
      stored.metadata = {
        ...stored.metadata,
        uid: current.metadata.uid,
        resourceVersion: this.nextResourceVersion(),
      };
      this.secrets.set(stored);
      return clone(stored);
    });
  }

  deleteSecret(namespace: string, name: string, uid: string): Promise<void> {
    return settle(() => {
      this.log({ op: 'deleteSecret', namespace, name, uid });
      if (this.secrets.get(name, namespace)?.metadata?.uid === uid) this.secrets.delete(name, namespace);
    });
  }

  recordEvent(_bucket: S3Bucket, type: 'Normal' | 'Warning', reason: string, message: string): Promise<void> {
    return settle(() => this.log({ op: 'recordEvent', type, reason, message }));
  }

  /** The writes only (reads and events excluded). */
  writes(): KubeCall[] {
    return this.calls.filter((c) => c.op !== 'readSecret' && c.op !== 'recordEvent');
  }

  events(): Extract<KubeCall, { op: 'recordEvent' }>[] {
    return this.calls.filter((c): c is Extract<KubeCall, { op: 'recordEvent' }> => c.op === 'recordEvent');
  }
}

export type ApiCall =
  | { method: 'createBucket'; input: BucketCreate }
  | { method: 'updateBucket'; id: string; changes: BucketUpdate }
  | { method: 'getBucket'; id: string }
  | { method: 'revealCredentials'; id: string }
  | { method: 'rotateCredentials'; id: string; input: CredentialRotation }
  | { method: 'deleteBucket'; id: string }
  | { method: 'findBucketsByOwner'; uid: string }
  | { method: 'checkBucketHealth'; id: string };

/** The API as the reconciler sees it; each `on…` answer may be replaced by a test. */
type ReconcilerApi = ReconcilerDeps['api'];

export class FakePlinthApi implements ReconcilerApi {
  readonly calls: ApiCall[] = [];
  onCreate: (input: BucketCreate) => CreateBucketResult = (input) => ({
    kind: 'created',
    bucket: apiBucket({
      name: input.name,
      region: input.region,
      cors_allow_all: input.cors_allow_all ?? false,
    }),
  });
  onUpdate: (id: string, changes: BucketUpdate) => BucketResult = (id, changes) => ({
    kind: 'ok',
    bucket: { ...apiBucket({ id }), ...changes },
  });
  /**
   * The bucket's key as the API holds it: what a reveal returns and a rotation replaces. Rotations
   * take turns with `rotatedAt` a minute apart, from 2026-03-02T00:0n:00Z.
   */
  readonly keys: {
    current: BucketCredentials;
    rotatedAt: string | null;
    previousExpiresAt: string | null;
    rotations: number;
  } = { current: { ...CREDENTIALS }, rotatedAt: null, previousExpiresAt: null, rotations: 0 };
  onGet: (id: string) => BucketResult = (id) => {
    const { credentials: _, ...bucket } = apiBucket({
      id,
      credentials_rotated_at: this.keys.rotatedAt,
      previous_key_expires_at: this.keys.previousExpiresAt,
    });
    return { kind: 'ok', bucket: bucket satisfies Bucket };
  };
  onReveal: (id: string) => CredentialsResult = () => ({ kind: 'ok', credentials: { ...this.keys.current } });
  /** Default: rotates `keys` as the API would, the new key `AKIAROT<n>`. */
  onRotate: (id: string, input: CredentialRotation) => RotateCredentialsResult = (_id, input) => ({
    kind: 'ok',
    rotated: this.rotate(input.grace_seconds ?? 86_400),
  });
  onDelete: (id: string) => DeleteBucketResult = () => ({ kind: 'deleted' });
  /** Default: the API knows no bucket of that owner. */
  onFind: (uid: string) => BucketListResult = () => ({ kind: 'ok', buckets: [] });
  /** What the storage cluster holds, as the health check reports it; a test removes parts. */
  readonly storage = { bucketExists: true, accessKeyExists: true };
  onHealth: (id: string) => BucketHealthResult = (id) => {
    const { bucketExists, accessKeyExists } = this.storage;
    const health: BucketHealth = {
      bucket_id: id,
      healthy: bucketExists && accessKeyExists,
      bucket_exists: bucketExists,
      access_key_exists: accessKeyExists,
      checked_at: '2026-03-01T12:00:00.000Z',
    };
    return { kind: 'ok', health };
  };
  private readonly timeline: string[];

  constructor(timeline: string[]) {
    this.timeline = timeline;
  }

  private log(call: ApiCall): void {
    this.calls.push(clone(call));
    this.timeline.push(`api.${call.method}`);
  }

  createBucket(input: BucketCreate): Promise<CreateBucketResult> {
    this.log({ method: 'createBucket', input });
    return Promise.resolve(this.onCreate(input));
  }
  updateBucket(id: string, changes: BucketUpdate): Promise<BucketResult> {
    this.log({ method: 'updateBucket', id, changes });
    return Promise.resolve(this.onUpdate(id, changes));
  }
  /** What the API does on a rotation: a new current key, the old one in grace. */
  rotate(graceSeconds: number) {
    const k = this.keys;
    const previous = k.current.access_key_id;
    k.rotations++;
    k.current = { access_key_id: `AKIAROT${k.rotations}`, secret_access_key: `secret-rot-${k.rotations}` };
    const at = new Date(Date.UTC(2026, 2, 2, 0, k.rotations));
    k.rotatedAt = at.toISOString();
    k.previousExpiresAt = new Date(at.getTime() + graceSeconds * 1000).toISOString();
    return {
      ...k.current,
      rotated_at: k.rotatedAt,
      previous_access_key_id: previous,
      previous_expires_at: k.previousExpiresAt,
    };
  }
  getBucket(id: string): Promise<BucketResult> {
    this.log({ method: 'getBucket', id });
    return Promise.resolve(this.onGet(id));
  }
  rotateCredentials(id: string, input: CredentialRotation): Promise<RotateCredentialsResult> {
    this.log({ method: 'rotateCredentials', id, input });
    return settle(() => this.onRotate(id, input));
  }
  revealCredentials(id: string): Promise<CredentialsResult> {
    this.log({ method: 'revealCredentials', id });
    return Promise.resolve(this.onReveal(id));
  }
  deleteBucket(id: string): Promise<DeleteBucketResult> {
    this.log({ method: 'deleteBucket', id });
    return Promise.resolve(this.onDelete(id));
  }
  findBucketsByOwner(uid: string): Promise<BucketListResult> {
    this.log({ method: 'findBucketsByOwner', uid });
    return Promise.resolve(this.onFind(uid));
  }
  checkBucketHealth(id: string): Promise<BucketHealthResult> {
    this.log({ method: 'checkBucketHealth', id });
    return Promise.resolve(this.onHealth(id));
  }
}
