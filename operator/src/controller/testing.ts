/**
 * In-memory fakes of the reconciler's dependencies, for unit tests of its decisions: informer
 * caches as plain maps, a KubeClient that applies its writes to them the way the API server would,
 * and a Plinth API whose answers each test chooses. Every call lands in one `timeline`, so a test
 * can assert both what was called and in which order.
 */
import type { ObjectCache, V1Namespace, V1Secret } from '@kubernetes/client-node';
import { pino } from 'pino';
import { FINALIZER, ORGANIZATION_ANNOTATION, WORKSPACE_ANNOTATION } from '../api/v1alpha1/s3bucket.ts';
import type { S3Bucket, S3BucketStatus } from '../api/v1alpha1/s3bucket.ts';
import type {
  BucketCreate,
  BucketCredentials,
  BucketResult,
  BucketUpdate,
  CreateBucketResult,
  CreatedBucket,
  CredentialsResult,
  DeleteBucketResult,
  PlinthApiError,
  PlinthFailure,
} from '../plinth-api/client.ts';
import type { KubeClient } from './kube.ts';
import { S3BucketReconciler } from './reconcile.ts';
import type { ReconcilerDeps } from './reconcile.ts';
import { MANAGED_BY, MANAGED_BY_LABEL } from './secret.ts';

export const ORG = '0b7f0c36-1f4e-4b8e-9a55-1c0a5e3a9d01';
export const WORKSPACE = '5d2c9a8e-7b61-4f3a-8e2d-9c4b1a0f6e02';
export const CLUSTER_ID = 'c0ffee00-0000-4000-8000-00000000c1c1';
export const BUCKET_ID = 'b0000000-0000-4000-8000-0000000000b1';
export const CREDENTIALS: BucketCredentials = { access_key_id: 'AKIATEST', secret_access_key: 'secret-1' };

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

const conflict = (what: string) => Object.assign(new Error(`409 Conflict: ${what}`), { code: 409 });
const clone = <T>(v: T): T => structuredClone(v);

/**
 * A KubeClient over the caches: writes change them at once (an informer with no lag). `secrets`
 * holds every Secret in the cluster; `managedSecrets` is the operator's labelled view of them.
 */
export class FakeKube implements KubeClient {
  readonly calls: KubeCall[] = [];
  readonly secrets = new MapCache<V1Secret>();
  readonly managedSecrets: ObjectCache<V1Secret> = {
    get: (name, namespace) => {
      const s = this.secrets.get(name, namespace);
      return s?.metadata?.labels?.[MANAGED_BY_LABEL] === MANAGED_BY ? s : undefined;
    },
    list: (namespace) =>
      this.secrets.list(namespace).filter((s) => s.metadata?.labels?.[MANAGED_BY_LABEL] === MANAGED_BY),
  };
  private readonly buckets: MapCache<S3Bucket>;
  private readonly timeline: string[];
  private rv = 100;

  constructor(buckets: MapCache<S3Bucket>, timeline: string[]) {
    this.buckets = buckets;
    this.timeline = timeline;
  }

  nextResourceVersion(): string {
    return String(++this.rv);
  }

  private log(call: KubeCall): void {
    this.calls.push(clone(call));
    this.timeline.push(`kube.${call.op}`);
  }

  private stored(bucket: S3Bucket): S3Bucket {
    const current = this.buckets.get(bucket.metadata.name, bucket.metadata.namespace);
    if (!current) throw Object.assign(new Error('404 Not Found'), { code: 404 });
    return current;
  }

  addFinalizer(bucket: S3Bucket): Promise<S3Bucket> {
    this.log({ op: 'addFinalizer', name: bucket.metadata.name });
    const next = clone(this.stored(bucket));
    next.metadata.finalizers = [...(bucket.metadata.finalizers ?? []), FINALIZER];
    next.metadata.resourceVersion = this.nextResourceVersion();
    this.buckets.set(next);
    return Promise.resolve(clone(next));
  }

  removeFinalizer(bucket: S3Bucket): Promise<void> {
    this.log({ op: 'removeFinalizer', name: bucket.metadata.name });
    const next = clone(this.stored(bucket));
    next.metadata.finalizers = (bucket.metadata.finalizers ?? []).filter((f) => f !== FINALIZER);
    next.metadata.resourceVersion = this.nextResourceVersion();
    // The API server removes an object being deleted once its last finalizer goes.
    if (next.metadata.deletionTimestamp && next.metadata.finalizers.length === 0) {
      this.buckets.delete(next.metadata.name, next.metadata.namespace);
    } else {
      this.buckets.set(next);
    }
    return Promise.resolve();
  }

  patchStatus(bucket: S3Bucket, status: S3BucketStatus): Promise<void> {
    this.log({ op: 'patchStatus', name: bucket.metadata.name, status });
    const next = clone(this.stored(bucket));
    // A JSON merge patch of `status`: named fields replaced (arrays whole), others kept.
    next.status = { ...next.status, ...(JSON.parse(JSON.stringify(status)) as S3BucketStatus) };
    next.metadata.resourceVersion = this.nextResourceVersion();
    this.buckets.set(next);
    return Promise.resolve();
  }

  readSecret(namespace: string, name: string): Promise<V1Secret | undefined> {
    this.calls.push({ op: 'readSecret', namespace, name });
    const s = this.secrets.get(name, namespace);
    return Promise.resolve(s && clone(s));
  }

  createSecret(secret: V1Secret): Promise<V1Secret> {
    this.log({ op: 'createSecret', secret });
    const { name = '', namespace = '' } = secret.metadata ?? {};
    if (this.secrets.get(name, namespace)) return Promise.reject(conflict(`secret ${name} exists`));
    const stored = clone(secret);
    stored.metadata = { ...stored.metadata, uid: `uid-${name}`, resourceVersion: this.nextResourceVersion() };
    this.secrets.set(stored);
    return Promise.resolve(clone(stored));
  }

  replaceSecret(secret: V1Secret, resourceVersion: string): Promise<V1Secret> {
    this.log({ op: 'replaceSecret', secret, resourceVersion });
    const { name = '', namespace = '' } = secret.metadata ?? {};
    const current = this.secrets.get(name, namespace);
    if (!current) return Promise.reject(Object.assign(new Error('404 Not Found'), { code: 404 }));
    if (current.metadata?.resourceVersion !== resourceVersion) {
      return Promise.reject(
        conflict(
          `secret ${name} is at resourceVersion ${current.metadata?.resourceVersion}, not ${resourceVersion}`,
        ),
      );
    }
    const stored = clone(secret);
    stored.metadata = {
      ...stored.metadata,
      uid: current.metadata.uid,
      resourceVersion: this.nextResourceVersion(),
    };
    this.secrets.set(stored);
    return Promise.resolve(clone(stored));
  }

  deleteSecret(namespace: string, name: string, uid: string): Promise<void> {
    this.log({ op: 'deleteSecret', namespace, name, uid });
    if (this.secrets.get(name, namespace)?.metadata?.uid === uid) this.secrets.delete(name, namespace);
    return Promise.resolve();
  }

  recordEvent(_bucket: S3Bucket, type: 'Normal' | 'Warning', reason: string, message: string): Promise<void> {
    this.log({ op: 'recordEvent', type, reason, message });
    return Promise.resolve();
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
  | { method: 'revealCredentials'; id: string }
  | { method: 'deleteBucket'; id: string };

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
  onReveal: (id: string) => CredentialsResult = () => ({ kind: 'ok', credentials: { ...CREDENTIALS } });
  onDelete: (id: string) => DeleteBucketResult = () => ({ kind: 'deleted' });
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
  revealCredentials(id: string): Promise<CredentialsResult> {
    this.log({ method: 'revealCredentials', id });
    return Promise.resolve(this.onReveal(id));
  }
  deleteBucket(id: string): Promise<DeleteBucketResult> {
    this.log({ method: 'deleteBucket', id });
    return Promise.resolve(this.onDelete(id));
  }
}

/** A bucket as the API returns it from a create (201) or an adoption (200). */
export function apiBucket(overrides: Partial<CreatedBucket> = {}): CreatedBucket {
  return {
    id: BUCKET_ID,
    name: 'photos',
    region: 'eu-west-1',
    organization: ORG,
    workspace: WORKSPACE,
    endpoint: 'https://s3.eu-west-1.plinth.example',
    state: 'ready',
    cors_allow_all: false,
    origin: 'created',
    owner_reference: null,
    usage: { bytes: null, objects: null, updated_at: null },
    created_at: '2026-03-01T00:00:00.000Z',
    updated_at: '2026-03-01T00:00:00.000Z',
    credentials: { ...CREDENTIALS },
    ...overrides,
  };
}

export function apiError(status: number, code: string, retryAfterSeconds?: number): PlinthApiError {
  return {
    status,
    code,
    detail: `${code} (HTTP ${status})`,
    errors: [],
    requestId: 'req-1',
    retryAfterSeconds,
  };
}

/** The failures the reconciler sorts, as the client returns them. */
export const failures = {
  unavailable: (message = 'HTTP 503 unknown: maintenance'): PlinthFailure => ({
    kind: 'unavailable',
    cause: 'server',
    message,
    retryAfterSeconds: undefined,
    error: apiError(503, 'unknown'),
  }),
  nameTaken: (): PlinthFailure => ({ kind: 'name_taken', error: apiError(409, 'bucket_name_taken') }),
  busy: (retryAfterSeconds?: number): PlinthFailure => ({
    kind: 'busy',
    retryAfterSeconds,
    error: apiError(409, 'bucket_busy', retryAfterSeconds),
  }),
  notEmpty: (): PlinthFailure => ({ kind: 'not_empty', error: apiError(409, 'bucket_not_empty') }),
  notFound: (): PlinthFailure => ({ kind: 'not_found', error: apiError(404, 'not_found') }),
};

/** A new S3Bucket as `kubectl apply` leaves it: no finalizer, no status. */
export function s3Bucket(spec: Partial<S3Bucket['spec']> = {}): S3Bucket {
  return {
    apiVersion: 'plinth.dev/v1alpha1',
    kind: 'S3Bucket',
    metadata: {
      name: 'photos',
      namespace: 'team-a',
      uid: 'a1a1a1a1-0000-4000-8000-0000000000a1',
      generation: 1,
      resourceVersion: '1',
    },
    spec: { region: 'eu-west-1', corsAllowAll: false, deletionPolicy: 'Retain', ...spec },
  };
}

export function namespace(name: string, annotations?: Record<string, string>): V1Namespace {
  return { metadata: { name, ...(annotations ? { annotations } : {}) } };
}

export const MAPPED = { [ORGANIZATION_ANNOTATION]: ORG, [WORKSPACE_ANNOTATION]: WORKSPACE };

export interface HarnessOptions {
  /** The S3Bucket's namespace annotations; default: mapped to ORG/WORKSPACE. `null`: none. */
  annotations?: Record<string, string> | null;
  defaults?: ReconcilerDeps['defaults'];
  bucket?: S3Bucket;
}

/** A reconciler over fresh fakes, with one S3Bucket `team-a/photos` in its cache. */
export function newHarness(opts: HarnessOptions = {}) {
  const timeline: string[] = [];
  const buckets = new MapCache<S3Bucket>();
  const namespaces = new MapCache<V1Namespace>();
  const kube = new FakeKube(buckets, timeline);
  const api = new FakePlinthApi(timeline);
  const initial = opts.bucket ?? s3Bucket();
  buckets.set(clone(initial));
  const annotations = opts.annotations === undefined ? MAPPED : opts.annotations;
  namespaces.set(namespace(initial.metadata.namespace, annotations ?? undefined));
  let clock = new Date('2026-03-01T12:00:00.000Z');
  const reconciler = new S3BucketReconciler({
    buckets,
    secrets: kube.managedSecrets,
    namespaces,
    kube,
    api,
    clusterId: CLUSTER_ID,
    defaults: opts.defaults ?? {},
    logger: pino({ level: 'silent' }),
    now: () => clock,
  });
  const key = `${initial.metadata.namespace}/${initial.metadata.name}`;
  return {
    reconciler,
    kube,
    api,
    buckets,
    namespaces,
    timeline,
    key,
    reconcile: () => reconciler.reconcile(key),
    /** The S3Bucket as the cache holds it now. */
    bucket(): S3Bucket {
      const b = buckets.get(initial.metadata.name, initial.metadata.namespace);
      if (!b) throw new Error(`S3Bucket ${key} is gone from the cache`);
      return b;
    },
    /** Replaces the cached S3Bucket with `change` applied to a copy (a user's edit or a deletion). */
    update(change: (b: S3Bucket) => void): void {
      const b = clone(buckets.get(initial.metadata.name, initial.metadata.namespace)!);
      change(b);
      b.metadata.resourceVersion = kube.nextResourceVersion();
      buckets.set(b);
    },
    advance(ms: number): void {
      clock = new Date(clock.getTime() + ms);
    },
    /** Forgets the calls made so far, keeping the state they left. */
    clearCalls(): void {
      timeline.length = 0;
      kube.calls.length = 0;
      api.calls.length = 0;
    },
  };
}

export type Harness = ReturnType<typeof newHarness>;
