import { createHash } from 'node:crypto';
import type { V1OwnerReference, V1Secret } from '@kubernetes/client-node';
import { GROUP, KIND, VERSION } from '../api/v1alpha1/s3bucket.ts';
import type { S3Bucket } from '../api/v1alpha1/s3bucket.ts';

export const MANAGED_BY_LABEL = 'app.kubernetes.io/managed-by';
export const MANAGED_BY = 'plinth-operator';
export const DATA_HASH_ANNOTATION = 'plinth.dev/data-hash';
/** The field manager named on every write, so `managedFields` says who set what. */
export const FIELD_MANAGER = 'plinth-operator';

/** What the application sees as environment variables (`envFrom`), nothing more. */
export interface SecretData {
  AWS_ACCESS_KEY_ID: string;
  AWS_SECRET_ACCESS_KEY: string;
  AWS_ENDPOINT_URL_S3: string;
  BUCKET_NAME: string;
  AWS_REGION: string;
}

export const SECRET_KEYS = [
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_ENDPOINT_URL_S3',
  'BUCKET_NAME',
  'AWS_REGION',
] as const satisfies readonly (keyof SecretData)[];

export function secretNameOf(bucket: S3Bucket): string {
  return bucket.spec.secretName ?? bucket.metadata.name;
}

export function ownerReferenceTo(bucket: S3Bucket): V1OwnerReference {
  return {
    apiVersion: `${GROUP}/${VERSION}`,
    kind: KIND,
    name: bucket.metadata.name,
    uid: bucket.metadata.uid,
    controller: true,
    blockOwnerDeletion: true,
  };
}

/** base64 of each value, keys sorted: the form the API server returns `data` in. */
function encode(data: SecretData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of [...SECRET_KEYS].sort()) out[key] = Buffer.from(data[key], 'utf8').toString('base64');
  return out;
}

/**
 * A digest of the Secret's data as stored. Kept in an annotation so a resync can tell, from the
 * informer cache alone, whether someone edited the data since the operator wrote it.
 */
export function dataHash(data: Record<string, string> | undefined): string {
  const h = createHash('sha256');
  for (const key of Object.keys(data ?? {}).sort()) h.update(`${key}\0${data![key]}\0`);
  return h.digest('hex').slice(0, 32);
}

/** The Secret the operator wants for `bucket`: data, managed-by label, hash, controller owner. */
export function buildSecret(bucket: S3Bucket, data: SecretData): V1Secret {
  const encoded = encode(data);
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    type: 'Opaque',
    metadata: {
      name: secretNameOf(bucket),
      namespace: bucket.metadata.namespace,
      labels: { [MANAGED_BY_LABEL]: MANAGED_BY },
      annotations: { [DATA_HASH_ANNOTATION]: dataHash(encoded) },
      ownerReferences: [ownerReferenceTo(bucket)],
    },
    data: encoded,
  };
}

/** True when the Secret carries our label and names `bucket` as its controller. */
export function isOwnedBy(secret: V1Secret, bucket: S3Bucket): boolean {
  return (
    secret.metadata?.labels?.[MANAGED_BY_LABEL] === MANAGED_BY &&
    (secret.metadata.ownerReferences ?? []).some(
      (r) => r.controller === true && r.uid === bucket.metadata.uid,
    )
  );
}

/**
 * True when the Secret still holds what the operator wrote: data unchanged since (the hash), the
 * non-secret values matching the bucket, and the label and owner in place. Needs no API call.
 */
export function isCurrent(
  secret: V1Secret,
  bucket: S3Bucket,
  expected: { bucketName: string; endpoint: string; region: string },
): boolean {
  const data = secret.data ?? {};
  const keys = Object.keys(data).sort();
  const decode = (k: string) => Buffer.from(data[k] ?? '', 'base64').toString('utf8');
  return (
    isOwnedBy(secret, bucket) &&
    secret.type === 'Opaque' &&
    keys.join(',') === [...SECRET_KEYS].sort().join(',') &&
    secret.metadata?.annotations?.[DATA_HASH_ANNOTATION] === dataHash(data) &&
    decode('BUCKET_NAME') === expected.bucketName &&
    decode('AWS_ENDPOINT_URL_S3') === expected.endpoint &&
    decode('AWS_REGION') === expected.region
  );
}

/** True when writing `desired` over `existing` would change nothing the operator manages. */
export function sameManagedContent(existing: V1Secret, desired: V1Secret): boolean {
  const a = existing.metadata ?? {};
  const b = desired.metadata ?? {};
  const owners = (s: V1Secret) =>
    JSON.stringify((s.metadata?.ownerReferences ?? []).map((r) => [r.uid, r.controller === true]));
  return (
    existing.type === desired.type &&
    JSON.stringify(sorted(existing.data)) === JSON.stringify(sorted(desired.data)) &&
    a.labels?.[MANAGED_BY_LABEL] === b.labels?.[MANAGED_BY_LABEL] &&
    a.annotations?.[DATA_HASH_ANNOTATION] === b.annotations?.[DATA_HASH_ANNOTATION] &&
    owners(existing) === owners(desired)
  );
}

function sorted(data: Record<string, string> | undefined): [string, string][] {
  return Object.entries(data ?? {}).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
}
