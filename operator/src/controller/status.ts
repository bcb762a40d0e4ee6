import type { S3Bucket, S3BucketStatus } from '../api/v1alpha1/s3bucket.ts';
import { errorMessage, kubeStatus } from '../runtime/errors.ts';
import { findCondition, READY, Reasons, setCondition, SYNCED } from './conditions.ts';
import type { Reason } from './conditions.ts';
import type { Stop } from './failure.ts';
import { secretNameOf } from './secret.ts';
import { keyOf } from './types.ts';
import type { BucketFacts, Current, Deps, DriftVerdict } from './types.ts';

type ConditionValue = { status: 'True' | 'False'; reason: Reason; message: string };
type StatusDeps = Pick<Deps, 'kube' | 'logger'>;

/** The Ready reasons a drift check sets, and only a drift check (or a repair) clears. */
const DRIFT_REASONS: ReadonlySet<string> = new Set([Reasons.BucketMissing, Reasons.AccessKeyMissing]);

/** Ready as the last drift check left it, while that check found something missing. */
function driftFinding(bucket: S3Bucket): { status: 'False'; reason: Reason; message: string } | undefined {
  const ready = findCondition(bucket.status?.conditions, READY);
  if (ready?.status !== 'False' || !DRIFT_REASONS.has(ready.reason ?? '')) return undefined;
  return { status: 'False', reason: ready.reason as Reason, message: ready.message ?? '' };
}

/**
 * The status after a pass that applied the spec (Synced=True): the bucket, its Secret, the
 * rotations recorded so far, and Ready as `readiness` says.
 */
export async function markSynced(
  d: StatusDeps & Pick<Deps, 'now'>,
  current: Current,
  pass: {
    generation: number | undefined;
    facts: BucketFacts;
    secretName: string;
    drift: DriftVerdict;
    renewed: { justCreated: boolean; rotatedNow: boolean };
  },
): Promise<void> {
  const { facts, secretName } = pass;
  const rotation = current.bucket.status?.credentials;
  current.bucket = await writeStatus(d, current.bucket, {
    ...(rotation ? { credentials: rotation } : {}),
    observedGeneration: pass.generation,
    bucketId: facts.id,
    bucketName: facts.name,
    endpoint: facts.endpoint,
    secretName,
    origin: facts.origin,
    conditions: conditions(
      d,
      current.bucket,
      readiness(current.bucket, pass.drift, secretName, pass.renewed),
      { status: 'True', reason: Reasons.Synced, message: 'The bucket matches the spec.' },
    ),
  });
}

/**
 * Ready after a pass that applied the spec: False while the last drift check found the bucket or
 * its access user missing, until a check finds them back (or a new bucket, or for a missing
 * user a rotation's new one, replaces them); else True.
 */
function readiness(
  bucket: S3Bucket,
  drift: DriftVerdict,
  secretName: string,
  renewed: { justCreated: boolean; rotatedNow: boolean },
): ConditionValue {
  if (drift.kind === 'drifted') return { status: 'False', reason: drift.reason, message: drift.message };
  const finding = drift.kind === 'unchecked' ? driftFinding(bucket) : undefined;
  const repaired =
    renewed.justCreated || (renewed.rotatedNow && finding?.reason === Reasons.AccessKeyMissing);
  if (finding && !repaired) return finding;
  return {
    status: 'True',
    reason: Reasons.Available,
    message: `Bucket ready; credentials in Secret ${secretName}.`,
  };
}

/**
 * The status after a pass that stopped: Synced says that the spec could not be applied, and why.
 * Ready stays True through a failure when the application still has a working Secret (the bucket
 * exists and its Secret is in place).
 */
export async function markFailed(
  d: StatusDeps & Pick<Deps, 'now' | 'secrets'>,
  bucket: S3Bucket,
  stop: Stop,
): Promise<void> {
  const status = bucket.status ?? {};
  const deleting = bucket.metadata.deletionTimestamp !== undefined;
  const stillUsable =
    !deleting &&
    findCondition(status.conditions, READY)?.status === 'True' &&
    status.bucketId !== undefined &&
    stop.reason !== Reasons.ForeignSecret &&
    d.secrets.get(secretNameOf(bucket), bucket.metadata.namespace) !== undefined;
  const failed = { status: 'False' as const, reason: stop.reason, message: stop.message };
  // A drift finding stays until a check clears it, whatever else fails meanwhile.
  const finding = deleting ? undefined : driftFinding(bucket);
  const ready =
    finding ??
    (stillUsable
      ? {
          status: 'True' as const,
          reason: Reasons.Available,
          message: findCondition(status.conditions, READY)!.message ?? '',
        }
      : failed);
  try {
    await writeStatus(d, bucket, {
      ...status,
      observedGeneration: bucket.metadata.generation,
      conditions: conditions(d, bucket, ready, failed),
    });
  } catch (err) {
    // A conflict means a newer copy exists; the next pass reports from it.
    const level = kubeStatus(err) === 409 ? 'debug' : 'warn';
    d.logger[level]({ bucket: keyOf(bucket), err: errorMessage(err) }, 'could not write status');
  }
}

function conditions(d: Pick<Deps, 'now'>, bucket: S3Bucket, ready: ConditionValue, synced: ConditionValue) {
  const now = d.now();
  const generation = bucket.metadata.generation;
  const withReady = setCondition(bucket.status?.conditions, { type: READY, ...ready }, generation, now);
  return setCondition(withReady, { type: SYNCED, ...synced }, generation, now);
}

/**
 * Writes the status only when it changed, conditional on the copy it was computed from; records
 * an Event when a condition transitions. Returns the S3Bucket as the server now holds it.
 */
export async function writeStatus(d: StatusDeps, bucket: S3Bucket, next: S3BucketStatus): Promise<S3Bucket> {
  const previous = bucket.status ?? {};
  if (JSON.stringify(normalise(previous)) === JSON.stringify(normalise(next))) return bucket;
  const written = await d.kube.patchStatus(bucket, next);
  // One Event per transition: Ready's when it moved, else Synced's; a failure that moves both
  // with the same reason is told once.
  const moved = [READY, SYNCED]
    .map((type) => ({
      before: findCondition(previous.conditions, type),
      after: findCondition(next.conditions, type),
    }))
    .filter(
      ({ before, after }) => after && (before?.status !== after.status || before.reason !== after.reason),
    )
    .map(({ after }) => after!);
  const told = new Set<string>();
  for (const c of moved) {
    if (
      c.type === SYNCED &&
      c.status === 'True' &&
      moved.some((m) => m.type === READY && m.status === 'True')
    )
      continue;
    const id = `${c.status}/${c.reason ?? ''}`;
    if (told.has(id)) continue;
    told.add(id);
    await recordEvent(
      d,
      bucket,
      c.status === 'True' ? 'Normal' : 'Warning',
      c.reason ?? c.type,
      c.message ?? '',
    );
  }
  return written;
}

/** An Event on the S3Bucket; one that cannot be recorded is logged, never fails the pass. */
export async function recordEvent(
  d: StatusDeps,
  bucket: S3Bucket,
  type: 'Normal' | 'Warning',
  reason: string,
  message: string,
): Promise<void> {
  await d.kube
    .recordEvent(bucket, type, reason, message)
    .catch((err: unknown) =>
      d.logger.warn({ bucket: keyOf(bucket), err: errorMessage(err) }, 'could not record event'),
    );
}

function normalise(status: S3BucketStatus): unknown {
  const { conditions, ...rest } = status;
  const sortedRest = Object.fromEntries(Object.entries(rest).sort(([a], [b]) => (a < b ? -1 : 1)));
  return {
    ...sortedRest,
    conditions: [...(conditions ?? [])]
      .sort((a, b) => (a.type < b.type ? -1 : 1))
      .map((c) => [c.type, c.status, c.reason, c.message, c.observedGeneration, c.lastTransitionTime]),
  };
}
