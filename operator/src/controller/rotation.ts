import { ROTATE_ANNOTATION } from '../api/v1alpha1/s3bucket.ts';
import type { S3Bucket, S3BucketSpec, S3BucketStatus } from '../api/v1alpha1/s3bucket.ts';
import type { BucketCredentials } from '../plinth-api/buckets.ts';
import { rfc3339 } from './conditions.ts';
import { apiFailure } from './failure.ts';
import type { ReconcilerMemory } from './memory.ts';
import { liveSecret, secretData, writeSecret } from './secret-sync.ts';
import { buildSecret, secretNameOf } from './secret.ts';
import { recordEvent, writeStatus } from './status.ts';
import { keyOf } from './types.ts';
import type { BucketFacts, Current, Deps } from './types.ts';

type Recorded = NonNullable<S3BucketStatus['credentials']>;

/**
 * The next rotation `spec.credentialsRotation.periodSeconds` asks for: its token names its time,
 * one period after the current key took over (`status.credentials.rotatedAt`, else the S3Bucket's
 * creation), so every pass until it is carried out asks for the same one.
 */
export function scheduledRotation(
  d: Pick<Deps, 'now'>,
  bucket: S3Bucket,
  spec: S3BucketSpec,
): { token: string; due: boolean; inMs: number } | undefined {
  const period = spec.credentialsRotation?.periodSeconds;
  if (period === undefined) return undefined;
  const since: unknown = bucket.status?.credentials?.rotatedAt ?? bucket.metadata.creationTimestamp;
  const base = since instanceof Date ? since.getTime() : Date.parse(String(since));
  if (Number.isNaN(base)) return undefined;
  const at = new Date(base + period * 1000);
  const inMs = at.getTime() - d.now().getTime();
  return { token: `scheduled/${rfc3339(at)}`, due: inMs <= 0, inMs };
}

/**
 * Step 3: carries out the rotation the `plinth.dev/rotate-credentials` annotation (or the
 * schedule) asks for, if any: no API call unless its value differs from
 * `status.credentials.rotationToken` or a rotation is in progress. The steps, each safe to be
 * interrupted after (docs/operator.md, "Rotating"):
 *
 * 1. GET the bucket: its `credentials_rotated_at` now is the baseline.
 * 2. Record the token and the baseline in the status (`requestedToken`, `requestedAgainst`),
 *    conditional on the resourceVersion: a pass on a stale copy is refused here (409), before
 *    any rotation, so two passes never both rotate.
 * 3. POST rotate-credentials (one call per accepted token).
 * 4. Replace the Secret's data in place with the new key.
 * 5. Record `rotationToken`, `rotatedAt`, `previousKeyExpiresAt`; emit CredentialsRotated.
 *
 * A pass that finds a token recorded but not carried out (a crash, a lost answer, a failed
 * Secret write after 2) GETs the bucket again: a `credentials_rotated_at` other than the baseline
 * means the rotation happened (the API's clock against itself, no skew), so it reveals the
 * current key and resumes at 4, never rotating twice (a second rotation would end the old key,
 * still in the Secret, at once). Otherwise the rotation did not happen, and 3 is tried again.
 * Returns whether this pass put a new key in the Secret.
 */
export async function ensureRotation(
  d: Deps,
  memory: ReconcilerMemory,
  current: Current,
  facts: BucketFacts,
  spec: S3BucketSpec,
  justCreated: boolean,
): Promise<boolean> {
  const recorded = current.bucket.status?.credentials ?? {};
  const annotated = current.bucket.metadata.annotations?.[ROTATE_ANNOTATION] || undefined;
  const scheduled = scheduledRotation(d, current.bucket, spec);
  // A new annotation value first; else the schedule's rotation once it is due.
  const wanted =
    annotated !== undefined && annotated !== recorded.rotationToken
      ? annotated
      : scheduled?.due
        ? scheduled.token
        : annotated;
  const inProgress =
    recorded.requestedToken !== undefined && recorded.requestedToken !== recorded.rotationToken;
  const done = memory.rotationCarriedOut(current.bucket.metadata.uid);
  if (done !== undefined && done === (inProgress ? recorded.requestedToken : wanted)) return false;
  if (!inProgress) {
    if (wanted === undefined || wanted === recorded.rotationToken) return false;
    if (justCreated) {
      // The key just issued is newer than the request: the token counts as carried out, and the
      // key as taken over now (a schedule counts from here).
      current.bucket = await writeStatus(d, current.bucket, {
        ...current.bucket.status,
        credentials: {
          ...recorded,
          rotationToken: wanted,
          requestedToken: wanted,
          rotatedAt: rfc3339(d.now()),
        },
      });
      return false;
    }
  }
  await rotate(d, memory, current, facts, spec, { recorded, wanted, inProgress });
  return true;
}

/** Steps 1 to 3, or the resumption at 4 of a rotation that happened. */
async function rotate(
  d: Deps,
  memory: ReconcilerMemory,
  current: Current,
  facts: BucketFacts,
  spec: S3BucketSpec,
  asked: { recorded: Recorded; wanted: string | undefined; inProgress: boolean },
): Promise<void> {
  const { recorded, wanted, inProgress } = asked;
  const seen = await d.api.getBucket(facts.id);
  if (seen.kind !== 'ok') throw apiFailure(seen);
  const rotatedAt = seen.bucket.credentials_rotated_at ?? '';
  if (inProgress && rotatedAt !== (recorded.requestedAgainst ?? '')) {
    // Rotated since the request was recorded (by this operator before it lost the answer, or by
    // someone else): that key is the one asked for.
    const revealed = await d.api.revealCredentials(facts.id);
    if (revealed.kind !== 'ok') throw apiFailure(revealed);
    await finishRotation(d, memory, current, facts, spec, recorded.requestedToken!, revealed.credentials, {
      rotatedAt,
      previousKeyExpiresAt: seen.bucket.previous_key_expires_at ?? undefined,
    });
    return;
  }
  // Not rotated yet. A new token replaces a recorded one that was not carried out (same baseline);
  // a removed annotation does not cancel a request already accepted.
  const token = wanted ?? recorded.requestedToken!;
  if (!inProgress || token !== recorded.requestedToken) {
    current.bucket = await writeStatus(d, current.bucket, {
      ...current.bucket.status,
      credentials: { ...recorded, requestedToken: token, requestedAgainst: rotatedAt },
    });
  }
  const graceSeconds = spec.credentialsRotation?.graceSeconds;
  const rotated = await d.api.rotateCredentials(
    facts.id,
    graceSeconds === undefined ? {} : { grace_seconds: graceSeconds },
  );
  if (rotated.kind !== 'ok') throw apiFailure(rotated);
  const r = rotated.rotated;
  await finishRotation(d, memory, current, facts, spec, token, r, {
    rotatedAt: r.rotated_at,
    previousKeyExpiresAt: r.previous_expires_at,
  });
}

/** Steps 4 and 5: the Secret in place, then the status and the Event. */
async function finishRotation(
  d: Deps,
  memory: ReconcilerMemory,
  current: Current,
  facts: BucketFacts,
  spec: S3BucketSpec,
  token: string,
  credentials: BucketCredentials,
  when: { rotatedAt: string; previousKeyExpiresAt: string | undefined },
): Promise<void> {
  const bucket = current.bucket;
  // Read live: this pass may have written the Secret already, so the cache's copy is older.
  const live = await liveSecret(d, bucket);
  await writeSecret(d, bucket, live, buildSecret(bucket, secretData(facts, spec, credentials)));
  const recorded = bucket.status?.credentials ?? {};
  current.bucket = await writeStatus(d, current.bucket, {
    ...bucket.status,
    credentials: {
      ...recorded,
      rotationToken: token,
      requestedToken: token,
      ...(when.rotatedAt ? { rotatedAt: when.rotatedAt } : {}),
      ...(when.previousKeyExpiresAt ? { previousKeyExpiresAt: when.previousKeyExpiresAt } : {}),
    },
  });
  const until = when.previousKeyExpiresAt
    ? ` The previous key works until ${when.previousKeyExpiresAt}.`
    : '';
  await recordEvent(
    d,
    current.bucket,
    'Normal',
    'CredentialsRotated',
    `Rotated the access key; Secret ${secretNameOf(bucket)} holds the new one (restart the pods that use it).${until}`,
  );
  memory.rememberRotation(bucket.metadata.uid, token);
  d.logger.info({ bucket: keyOf(bucket), token }, 'credentials rotated');
}
