import type { V1Secret } from '@kubernetes/client-node';
import type { S3Bucket, S3BucketSpec } from '../api/v1alpha1/s3bucket.ts';
import type { BucketCredentials } from '../plinth-api/buckets.ts';
import { errorMessage, kubeStatus } from '../runtime/errors.ts';
import { Reasons } from './conditions.ts';
import { Stop } from './failure.ts';
import { buildSecret, isOwnedBy, sameManagedContent, secretNameOf } from './secret.ts';
import type { SecretData } from './secret.ts';
import type { BucketFacts, Deps, EnsuredBucket } from './types.ts';

type SecretDeps = Pick<Deps, 'secrets' | 'kube'>;

/**
 * Step 2: the Secret holds the credentials this pass got (a new bucket, or revealed again), and no
 * Secret this bucket wrote under a previous `spec.secretName` is left. Returns the Secret's name.
 */
export async function ensureSecret(
  d: SecretDeps,
  bucket: S3Bucket,
  existing: V1Secret | undefined,
  ensured: EnsuredBucket,
  spec: S3BucketSpec,
): Promise<string> {
  const secretName = secretNameOf(bucket);
  if (ensured.credentials) {
    const desired = buildSecret(bucket, secretData(ensured.facts, spec, ensured.credentials));
    await writeSecret(d, bucket, existing, desired);
  }
  await removeStaleSecrets(d, bucket, secretName);
  return secretName;
}

export function secretData(
  facts: BucketFacts,
  spec: S3BucketSpec,
  credentials: BucketCredentials,
): SecretData {
  return {
    AWS_ACCESS_KEY_ID: credentials.access_key_id,
    AWS_SECRET_ACCESS_KEY: credentials.secret_access_key,
    AWS_ENDPOINT_URL_S3: facts.endpoint,
    BUCKET_NAME: facts.name,
    AWS_REGION: spec.region,
  };
}

/**
 * The Secret this bucket writes, if it exists and is ours. One of the same name that is not ours
 * (no managed-by label, or another controller) stops the reconcile: it is never overwritten.
 */
export async function currentSecret(d: SecretDeps, bucket: S3Bucket): Promise<V1Secret | undefined> {
  const cached = d.secrets.get(secretNameOf(bucket), bucket.metadata.namespace);
  if (cached && isOwnedBy(cached, bucket)) return cached;
  // Not in the managed cache: absent, foreign, or written a moment ago and not yet seen.
  return liveSecret(d, bucket);
}

/** The Secret as the API server holds it now (uncached); a foreign one stops the reconcile. */
export async function liveSecret(d: Pick<Deps, 'kube'>, bucket: S3Bucket): Promise<V1Secret | undefined> {
  const name = secretNameOf(bucket);
  const live = await d.kube.readSecret(bucket.metadata.namespace, name);
  if (live && !isOwnedBy(live, bucket)) {
    throw new Stop(
      Reasons.ForeignSecret,
      `Secret ${name} already exists and is not managed by this S3Bucket; it was left untouched. Delete it or set spec.secretName.`,
      { terminal: true },
    );
  }
  return live;
}

/** Creates or replaces the Secret, only when its content would change. */
export async function writeSecret(
  d: SecretDeps,
  bucket: S3Bucket,
  existing: V1Secret | undefined,
  desired: V1Secret,
): Promise<void> {
  if (existing) {
    if (sameManagedContent(existing, desired)) return;
    try {
      await d.kube.replaceSecret(desired, existing.metadata!.resourceVersion!);
    } catch (err) {
      throw kubeStatus(err) === 409 ? err : secretWriteFailed(desired, err);
    }
    return;
  }
  try {
    await d.kube.createSecret(desired);
  } catch (err) {
    if (kubeStatus(err) !== 409) throw secretWriteFailed(desired, err);
    // Someone created it between our read and our write: decide again on the next pass.
    await currentSecret(d, bucket);
    throw new Error(`Secret ${desired.metadata!.name!} appeared while being created; retrying`, {
      cause: err,
    });
  }
}

/** Retried with backoff: a quota, an admission webhook or RBAC may change without the spec. */
function secretWriteFailed(secret: V1Secret, err: unknown): Stop {
  return new Stop(
    Reasons.SecretWriteFailed,
    `The bucket exists, but its Secret ${secret.metadata!.name!} could not be written: ${errorMessage(err)}`,
    { terminal: false },
  );
}

/** After a change of spec.secretName, the Secret under the old name goes. */
async function removeStaleSecrets(d: SecretDeps, bucket: S3Bucket, keep: string): Promise<void> {
  for (const s of d.secrets.ownedBy(bucket.metadata.namespace, bucket.metadata.uid)) {
    if (s.metadata?.name !== keep && isOwnedBy(s, bucket)) {
      await d.kube.deleteSecret(bucket.metadata.namespace, s.metadata!.name!, s.metadata!.uid!);
    }
  }
}
