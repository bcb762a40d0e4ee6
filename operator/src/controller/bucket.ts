import type { V1Secret } from '@kubernetes/client-node';
import type { S3Bucket, S3BucketSpec } from '../api/v1alpha1/s3bucket.ts';
import type { Bucket } from '../plinth-api/buckets.ts';
import { findCondition, SYNCED } from './conditions.ts';
import { checkDrift } from './drift-check.ts';
import { apiFailure } from './failure.ts';
import { isCurrent, secretNameOf } from './secret.ts';
import { recordEvent, writeStatus } from './status.ts';
import type { BucketFacts, Current, Deps, DriftVerdict, EnsuredBucket } from './types.ts';

const UNCHECKED: DriftVerdict = { kind: 'unchecked' };

/**
 * Step 1: the bucket exists in Plinth. When the status is in sync with the spec it is known
 * (no API call, unless the Secret needs its credentials again or a drift check is due); otherwise
 * it is created or adopted, and recorded in the status before anything else.
 */
export async function ensureBucket(
  d: Deps,
  key: string,
  current: Current,
  spec: S3BucketSpec,
  mapping: { organization: string; workspace: string },
  secret: V1Secret | undefined,
): Promise<EnsuredBucket> {
  const recorded = inSyncFacts(current.bucket);
  const known = recorded && (await recordedBucket(d, key, current.bucket, spec, secret, recorded));
  return known ?? (await createOrAdopt(d, current, spec, mapping));
}

/** The bucket the status records, when it says that this generation's spec was applied. */
function inSyncFacts(bucket: S3Bucket): BucketFacts | undefined {
  const status = bucket.status ?? {};
  const inSync =
    status.observedGeneration === bucket.metadata.generation &&
    status.bucketId !== undefined &&
    status.bucketName !== undefined &&
    status.endpoint !== undefined &&
    status.origin !== undefined &&
    findCondition(status.conditions, SYNCED)?.status === 'True';
  if (!inSync) return undefined;
  return {
    id: status.bucketId!,
    name: status.bucketName!,
    endpoint: status.endpoint!,
    origin: status.origin!,
  };
}

/**
 * The recorded bucket, with its credentials revealed when only the Secret is missing or was
 * edited, else drift-checked when due. Undefined when the API no longer has it: it is made again.
 */
async function recordedBucket(
  d: Deps,
  key: string,
  bucket: S3Bucket,
  spec: S3BucketSpec,
  secret: V1Secret | undefined,
  facts: BucketFacts,
): Promise<EnsuredBucket | undefined> {
  const expected = { bucketName: facts.name, endpoint: facts.endpoint, region: spec.region };
  if (!secret || !isCurrent(secret, bucket, expected)) {
    // Only the Secret is missing or was edited: recover the credentials, nothing else.
    const revealed = await d.api.revealCredentials(facts.id);
    if (revealed.kind === 'ok') {
      return { facts, credentials: revealed.credentials, justCreated: false, drift: UNCHECKED };
    }
    if (revealed.kind === 'not_found') return undefined;
    throw apiFailure(revealed);
  }
  const drift = await checkDrift(d, key, bucket, facts);
  if (drift.kind !== 'gone') return { facts, credentials: undefined, justCreated: false, drift };
  // Deleted through the API (which deletes only empty buckets): made again, nothing lost.
  await recordEvent(
    d,
    bucket,
    'Warning',
    'BucketRecreated',
    `Bucket ${facts.name} was deleted in Plinth outside this S3Bucket; creating it again (empty, with new credentials in Secret ${secretNameOf(bucket)}).`,
  );
  return undefined;
}

/** Creates the bucket, or adopts the one the API answers with; records it before anything else. */
async function createOrAdopt(
  d: Deps,
  current: Current,
  spec: S3BucketSpec,
  mapping: { organization: string; workspace: string },
): Promise<EnsuredBucket> {
  const bucket = current.bucket;
  const created = await d.api.createBucket({
    name: bucket.metadata.name,
    region: spec.region,
    organization: mapping.organization,
    workspace: mapping.workspace,
    cors_allow_all: spec.corsAllowAll,
    owner_reference: {
      cluster_id: d.clusterId,
      namespace: bucket.metadata.namespace,
      name: bucket.metadata.name,
      uid: bucket.metadata.uid,
    },
  });
  if (created.kind !== 'created' && created.kind !== 'adopted') throw apiFailure(created);
  const b = created.bucket;
  const facts = { id: b.id, name: b.name, endpoint: b.endpoint, origin: originOf(d, b, bucket) };
  // Before any other side effect: a deletion must find the bucket even if the Secret write
  // below fails (quota, admission webhook, RBAC) or the process dies.
  current.bucket = await writeStatus(d, current.bucket, {
    ...current.bucket.status,
    bucketId: facts.id,
    bucketName: facts.name,
    endpoint: facts.endpoint,
    origin: facts.origin,
  });
  if (b.cors_allow_all !== spec.corsAllowAll) {
    const updated = await d.api.updateBucket(b.id, { cors_allow_all: spec.corsAllowAll });
    if (updated.kind !== 'ok') throw apiFailure(updated);
  }
  return { facts, credentials: b.credentials, justCreated: created.kind === 'created', drift: UNCHECKED };
}

/**
 * From the API's answer alone, never from a (possibly stale) status: Created when the API created
 * the bucket for this very object (its uid, in this cluster), whichever request it answers.
 */
export function originOf(
  d: Pick<Deps, 'clusterId'>,
  b: Pick<Bucket, 'origin' | 'created_for'>,
  bucket: S3Bucket,
): 'Created' | 'Adopted' {
  const f = b.created_for;
  return b.origin === 'created' && f?.uid === bucket.metadata.uid && f.cluster_id === d.clusterId
    ? 'Created'
    : 'Adopted';
}
