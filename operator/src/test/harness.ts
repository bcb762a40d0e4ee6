/**
 * A reconciler over the fakes (fakes.ts), and the helpers its unit tests share: one pass run
 * without throwing, the calls it made for failure messages, the conditions it left.
 */
import type { V1Namespace, V1Secret } from '@kubernetes/client-node';
import { pino } from 'pino';
import { expect } from 'vitest';
import type { S3Bucket } from '../api/v1alpha1/s3bucket.ts';
import { findCondition, READY, SYNCED } from '../controller/conditions.ts';
import type { DriftOutcome } from '../controller/types.ts';
import { DriftSchedule } from '../controller/drift.ts';
import { parseLabelSelector } from '../controller/label-selector.ts';
import { S3BucketReconciler } from '../controller/reconcile.ts';
import type { Result } from '../runtime/workers.ts';
import { FakeKube, FakePlinthApi, MapCache } from './fakes.ts';
import { apiBucket, CLUSTER_ID, CREDENTIALS, MAPPED, namespace, s3Bucket } from './fixtures.ts';

const clone = <T>(v: T): T => structuredClone(v);

export interface HarnessOptions {
  /** The S3Bucket's namespace annotations; default: mapped to ORG/WORKSPACE. `null`: none. */
  annotations?: Record<string, string> | null;
  /** The S3Bucket's namespace labels; default none. */
  labels?: Record<string, string>;
  defaults?: { organization?: string; workspace?: string };
  /** The operator's default-namespace selector, in `kubectl -l` syntax. */
  defaultNamespaceSelector?: string;
  bucket?: S3Bucket;
  /** The informer cache sees writes only on `deliver()` (see FakeKube). */
  lagging?: boolean;
  /** Drift checks on the harness's clock; `random` (default 0.5) places the first check and the next. */
  drift?: { intervalMs: number; checksPerSecond?: number; random?: () => number };
}

/** A reconciler over fresh fakes, with one S3Bucket `team-a/photos` in its cache. */
export function newHarness(opts: HarnessOptions = {}) {
  const timeline: string[] = [];
  const buckets = new MapCache<S3Bucket>();
  const namespaces = new MapCache<V1Namespace>();
  const initial = opts.bucket ?? s3Bucket();
  buckets.set(clone(initial));
  const kube = new FakeKube(buckets, timeline, { lagging: opts.lagging ?? false });
  const api = new FakePlinthApi(timeline);
  const annotations = opts.annotations === undefined ? MAPPED : opts.annotations;
  namespaces.set(namespace(initial.metadata.namespace, annotations ?? undefined, opts.labels));
  let clock = new Date('2026-03-01T12:00:00.000Z');
  const driftChecks: DriftOutcome[] = [];
  const drift = opts.drift
    ? new DriftSchedule({
        intervalMs: opts.drift.intervalMs,
        checksPerSecond: opts.drift.checksPerSecond ?? 1,
        now: () => clock.getTime(),
        random: opts.drift.random ?? (() => 0.5),
      })
    : undefined;
  const reconciler = new S3BucketReconciler({
    buckets,
    secrets: kube.managedSecrets,
    namespaces,
    kube,
    api,
    clusterId: CLUSTER_ID,
    defaults: {
      ...opts.defaults,
      ...(opts.defaultNamespaceSelector === undefined
        ? {}
        : { namespaces: parseLabelSelector(opts.defaultNamespaceSelector) }),
    },
    logger: pino({ level: 'silent' }),
    now: () => clock,
    drift,
    onDriftCheck: (outcome) => driftChecks.push(outcome),
  });
  const key = `${initial.metadata.namespace}/${initial.metadata.name}`;
  return {
    reconciler,
    kube,
    api,
    /** Each drift check's outcome, in order. */
    driftChecks,
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
    /** The S3Bucket as the API server holds it now (the cache's copy, unless lagging). */
    stored(): S3Bucket | undefined {
      return kube.server.get(initial.metadata.name, initial.metadata.namespace);
    },
    /** A user's edit (or a deletion) of the stored S3Bucket, seen by the cache as any write is. */
    update(change: (b: S3Bucket) => void): void {
      const b = clone(kube.server.get(initial.metadata.name, initial.metadata.namespace)!);
      change(b);
      b.metadata.resourceVersion = kube.nextResourceVersion();
      kube.put(b.metadata.name, b.metadata.namespace, b);
    },
    /** Lagging only: the informer delivers the next `count` pending events (default all). */
    deliver(count?: number): void {
      kube.deliver(count);
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

export const ENDPOINT = apiBucket().endpoint;

/** What one reconcile returned or threw; never throws itself. */
export async function run(h: Harness): Promise<{ result?: Result; error?: unknown }> {
  try {
    return { result: await h.reconcile() };
  } catch (error) {
    return { error };
  }
}

/** For failure messages: everything the reconciler called, in order. */
export function trace(h: Harness): string {
  return `calls: ${h.timeline.join(' → ') || '(none)'}`;
}

export function show(err: unknown): string {
  return err instanceof Error ? `${err.name}: ${err.message}` : JSON.stringify(err);
}

export function describeOutcome(o: { result?: Result; error?: unknown }): string {
  return o.error === undefined ? `returned ${JSON.stringify(o.result)}` : `threw ${show(o.error)}`;
}

export function condition(h: Harness, type: string) {
  return findCondition(h.bucket().status?.conditions, type);
}

/** `{status, reason}` of Ready and Synced, as the cache holds them. */
export function conditions(h: Harness) {
  const pick = (type: string) => {
    const c = condition(h, type);
    return c && { status: c.status, reason: c.reason };
  };
  return { ready: pick(READY), synced: pick(SYNCED) };
}

export function secretData(secret: V1Secret | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(secret?.data ?? {}).map(([k, v]) => [k, Buffer.from(v, 'base64').toString('utf8')]),
  );
}

/** The Secret's data after the first pass of the default S3Bucket. */
export const EXPECTED_DATA = {
  AWS_ACCESS_KEY_ID: CREDENTIALS.access_key_id,
  AWS_SECRET_ACCESS_KEY: CREDENTIALS.secret_access_key,
  AWS_ENDPOINT_URL_S3: ENDPOINT,
  BUCKET_NAME: 'photos',
  AWS_REGION: 'eu-west-1',
};

/** A harness whose S3Bucket has been reconciled once to Ready (created, 201), calls forgotten. */
export async function readyHarness(opts: HarnessOptions = {}): Promise<Harness> {
  const h = newHarness(opts);
  const first = await run(h);
  expect(first.error, `first reconcile: ${describeOutcome(first)}; ${trace(h)}`).toBeUndefined();
  expect(conditions(h).ready?.status, 'the first reconcile made the bucket Ready').toBe('True');
  h.clearCalls();
  return h;
}

export function bumpGeneration(h: Harness, change: (b: S3Bucket) => void = () => {}): void {
  h.update((b) => {
    change(b);
    b.metadata.generation = (b.metadata.generation ?? 1) + 1;
  });
}

export function markDeleted(h: Harness, policy?: 'Retain' | 'Delete'): void {
  h.update((b) => {
    b.metadata.deletionTimestamp = new Date('2026-03-02T00:00:00Z');
    if (policy) b.spec.deletionPolicy = policy;
    else delete (b.spec as Partial<S3Bucket['spec']>).deletionPolicy;
  });
}
