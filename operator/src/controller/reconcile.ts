import { FINALIZER, ROTATE_ANNOTATION, S3BucketSpecSchema } from '../api/v1alpha1/s3bucket.ts';
import type { S3Bucket, S3BucketSpec } from '../api/v1alpha1/s3bucket.ts';
import { kubeStatus } from '../runtime/errors.ts';
import type { Result } from '../runtime/workers.ts';
import { ensureBucket } from './bucket.ts';
import { Reasons } from './conditions.ts';
import { outcomeOf, requeueOnConflict, Stop } from './failure.ts';
import { finalize } from './finalize.ts';
import { mappingOf, resolveMapping } from './mapping.ts';
import { ReconcilerMemory } from './memory.ts';
import { ensureRotation, scheduledRotation } from './rotation.ts';
import { currentSecret, ensureSecret } from './secret-sync.ts';
import { markFailed, markSynced } from './status.ts';
import type { Current, Deps, ReconcilerDeps } from './types.ts';

export type { ReconcilerDeps } from './types.ts';
export { keyOf } from './types.ts';

/**
 * The S3Bucket reconciler: one idempotent pass per key that reads the current state (informer
 * caches, the CR's status) and converges, whatever event brought the key here. In steady state
 * (status in sync, Secret as written) it makes no API call at all.
 */
export class S3BucketReconciler {
  readonly #d: Deps;
  readonly #memory = new ReconcilerMemory();

  constructor(deps: ReconcilerDeps) {
    this.#d = { ...deps, now: deps.now ?? (() => new Date()) };
  }

  async reconcile(key: string): Promise<Result> {
    const d = this.#d;
    const slash = key.indexOf('/');
    const namespace = key.slice(0, slash);
    const name = key.slice(slash + 1);
    const bucket = d.buckets.get(name, namespace);
    if (!bucket) {
      this.#memory.forgetTerminal(key);
      d.drift?.forget(key);
      return {};
    }
    if (bucket.metadata.deletionTimestamp) {
      this.#memory.forgetRotation(bucket.metadata.uid);
      d.drift?.forget(key);
      return finalize(d, this.#memory, key, bucket);
    }
    const current: Current = { bucket };
    try {
      if (!(bucket.metadata.finalizers ?? []).includes(FINALIZER)) {
        // Before any API call: a bucket must never exist that the operator would not clean up.
        current.bucket = await d.kube.addFinalizer(bucket);
      }
      return await converge(d, this.#memory, key, current);
    } catch (err) {
      if (kubeStatus(err) === 409) return requeueOnConflict(d.logger, key, err);
      if (!(err instanceof Stop)) throw err;
      await markFailed(d, current.bucket, err);
      // A foreign Secret or a missing mapping is checked again on every pass (no API call);
      // only the API's verdicts are remembered until the spec or the mapping changes.
      if (err.terminal && err.reason !== Reasons.ForeignSecret && err.reason !== Reasons.NoWorkspaceMapping) {
        this.#memory.rememberTerminal(key, fingerprint(d, bucket));
      }
      return outcomeOf(err);
    }
  }
}

/**
 * One pass: ensure the bucket, its Secret and the rotation asked for, then write the status.
 * Each step stops the pass with a `Stop` (its condition) or a conflict; the status is written
 * last, only when it changed.
 */
async function converge(d: Deps, memory: ReconcilerMemory, key: string, current: Current): Promise<Result> {
  const bucket = current.bucket;
  const spec = specOf(bucket);
  const mapping = mappingOf(d, bucket);
  const secret = await currentSecret(d, bucket);
  if (memory.holdsTerminal(key, fingerprint(d, bucket))) return {};

  const ensured = await ensureBucket(d, key, current, spec, mapping, secret);
  const secretName = await ensureSecret(d, bucket, secret, ensured, spec);
  const rotatedNow = await ensureRotation(d, memory, current, ensured.facts, spec, ensured.justCreated);
  if (ensured.justCreated) d.drift?.created(key);
  await markSynced(d, current, {
    generation: bucket.metadata.generation,
    facts: ensured.facts,
    secretName,
    drift: ensured.drift,
    renewed: { justCreated: ensured.justCreated, rotatedNow },
  });
  memory.forgetTerminal(key);
  return nextPass(d, key, current.bucket, spec);
}

function specOf(bucket: S3Bucket): S3BucketSpec {
  const parsed = S3BucketSpecSchema.safeParse(bucket.spec);
  if (!parsed.success) {
    throw new Stop(Reasons.InvalidSpec, `spec is invalid: ${parsed.error.issues[0]?.message ?? ''}`, {
      terminal: true,
    });
  }
  return parsed.data;
}

/** Back when the next drift check or scheduled rotation is due; resyncs meanwhile make no API call. */
function nextPass(d: Deps, key: string, bucket: S3Bucket, spec: S3BucketSpec): Result {
  const scheduled = scheduledRotation(d, bucket, spec);
  const next = Math.min(
    d.drift?.dueIn(key) || Infinity,
    scheduled && !scheduled.due ? scheduled.inMs : Infinity,
  );
  return Number.isFinite(next) ? { requeueAfterMs: next } : {};
}

/** What a terminal verdict was given for: it holds until one of these changes. */
function fingerprint(d: Deps, bucket: S3Bucket): string {
  const { organization, workspace } = resolveMapping(d, bucket);
  // A new rotation token is a new request: a terminal verdict on the last one does not hold it
  // back; nor the next scheduled rotation.
  const token = bucket.metadata.annotations?.[ROTATE_ANNOTATION];
  const parsed = S3BucketSpecSchema.safeParse(bucket.spec);
  const scheduled = parsed.success ? scheduledRotation(d, bucket, parsed.data) : undefined;
  const due = scheduled?.due ? scheduled.token : undefined;
  return JSON.stringify([bucket.metadata.generation, organization, workspace, token, due]);
}
