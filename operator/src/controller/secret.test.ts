import type { V1Secret } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import type { S3Bucket } from '../api/v1alpha1/s3bucket.ts';
import {
  buildSecret,
  DATA_HASH_ANNOTATION,
  dataHash,
  isCurrent,
  isOwnedBy,
  MANAGED_BY,
  MANAGED_BY_LABEL,
  sameManagedContent,
  secretNameOf,
} from './secret.ts';
import type { SecretData } from './secret.ts';

function bucket(
  spec: Partial<S3Bucket['spec']> = {},
  uid = '6f1c2a4e-0000-4000-8000-000000000001',
): S3Bucket {
  return {
    apiVersion: 'plinth.dev/v1alpha1',
    kind: 'S3Bucket',
    metadata: { name: 'photos', namespace: 'team-a', uid, generation: 1 },
    spec: { region: 'eu-west-1', corsAllowAll: false, deletionPolicy: 'Retain', ...spec },
  };
}

const DATA: SecretData = {
  AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE',
  AWS_SECRET_ACCESS_KEY: 's3cr3t/with+base64=chars',
  AWS_ENDPOINT_URL_S3: 'https://s3.eu-west-1.example',
  BUCKET_NAME: 'photos-7f3a',
  AWS_REGION: 'eu-west-1',
};
const EXPECTED = {
  bucketName: DATA.BUCKET_NAME,
  endpoint: DATA.AWS_ENDPOINT_URL_S3,
  region: DATA.AWS_REGION,
};

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

/** A deep copy with its data changed, as `kubectl edit` would leave it (annotation untouched). */
function edited(secret: V1Secret, data: Record<string, string>): V1Secret {
  return { ...structuredClone(secret), data };
}

/** A deep copy whose data is changed and whose hash annotation is recomputed to match. */
function editedWithHash(secret: V1Secret, data: Record<string, string>): V1Secret {
  const copy = edited(secret, data);
  copy.metadata!.annotations = { ...copy.metadata!.annotations, [DATA_HASH_ANNOTATION]: dataHash(data) };
  return copy;
}

describe('buildSecret', () => {
  const b = bucket();
  const secret = buildSecret(b, DATA);

  it('holds exactly the five environment keys, each base64 of its value', () => {
    expect(Object.keys(secret.data ?? {}).sort(), 'data keys').toEqual([
      'AWS_ACCESS_KEY_ID',
      'AWS_ENDPOINT_URL_S3',
      'AWS_REGION',
      'AWS_SECRET_ACCESS_KEY',
      'BUCKET_NAME',
    ]);
    for (const [key, value] of Object.entries(DATA)) {
      expect(secret.data?.[key], `data.${key} must be base64("${value}")`).toBe(b64(value));
    }
    expect(secret.stringData, 'values go in data (base64), never stringData').toBeUndefined();
    expect(secret.type).toBe('Opaque');
  });

  it('is named after the S3Bucket, in its namespace, and carries the managed-by label', () => {
    expect(secret.metadata?.name).toBe('photos');
    expect(secret.metadata?.namespace).toBe('team-a');
    expect(secret.metadata?.labels, 'labels').toEqual({ [MANAGED_BY_LABEL]: MANAGED_BY });
  });

  it('records dataHash of the stored (base64) data in the data-hash annotation', () => {
    const annotation = secret.metadata?.annotations?.[DATA_HASH_ANNOTATION];
    expect(annotation, `annotation ${DATA_HASH_ANNOTATION}`).toBe(dataHash(secret.data));
    expect(annotation, 'the hash is of the data as stored, not of the plain values').not.toBe(
      dataHash({ ...DATA }),
    );
  });

  it('has a single controller owner reference to the S3Bucket, blocking owner deletion', () => {
    expect(secret.metadata?.ownerReferences, 'ownerReferences').toEqual([
      {
        apiVersion: 'plinth.dev/v1alpha1',
        kind: 'S3Bucket',
        name: 'photos',
        uid: b.metadata.uid,
        controller: true,
        blockOwnerDeletion: true,
      },
    ]);
  });

  it('uses spec.secretName as the Secret name when set', () => {
    expect(buildSecret(bucket({ secretName: 'photos-s3' }), DATA).metadata?.name).toBe('photos-s3');
  });
});

describe('secretNameOf', () => {
  it('is spec.secretName when set, else the S3Bucket name', () => {
    expect(secretNameOf(bucket({ secretName: 'app-storage' }))).toBe('app-storage');
    expect(secretNameOf(bucket())).toBe('photos');
  });
});

describe('isOwnedBy', () => {
  const b = bucket();
  const secret = buildSecret(b, DATA);

  it('is true for the Secret built for the bucket', () => {
    expect(isOwnedBy(secret, b)).toBe(true);
  });

  it('is false without the managed-by label, even with the right owner', () => {
    const noLabel = structuredClone(secret);
    delete noLabel.metadata!.labels;
    expect(isOwnedBy(noLabel, b), 'no labels at all').toBe(false);
    const otherManager = structuredClone(secret);
    otherManager.metadata!.labels = { [MANAGED_BY_LABEL]: 'helm' };
    expect(isOwnedBy(otherManager, b), 'managed-by: helm').toBe(false);
  });

  it('is false when another object is the controller', () => {
    const other = bucket({}, '6f1c2a4e-0000-4000-8000-000000000002');
    expect(isOwnedBy(secret, other), 'controller uid is another S3Bucket').toBe(false);
  });

  it('is false when the bucket is only a non-controller owner', () => {
    const s = structuredClone(secret);
    s.metadata!.ownerReferences = [{ ...s.metadata!.ownerReferences![0]!, controller: false }];
    expect(isOwnedBy(s, b)).toBe(false);
  });
});

describe('isCurrent', () => {
  const b = bucket();
  const secret = buildSecret(b, DATA);

  it('is true for a freshly built Secret', () => {
    expect(isCurrent(secret, b, EXPECTED)).toBe(true);
  });

  it('is false when a value was edited (the hash no longer matches)', () => {
    const s = edited(secret, { ...secret.data, AWS_SECRET_ACCESS_KEY: b64('changed-by-hand') });
    expect(isCurrent(s, b, EXPECTED), 'AWS_SECRET_ACCESS_KEY edited, annotation left as written').toBe(false);
  });

  it('is false when a key was added, even with a matching hash', () => {
    const s = editedWithHash(secret, { ...secret.data, EXTRA: b64('x') });
    expect(isCurrent(s, b, EXPECTED), 'EXTRA key added').toBe(false);
  });

  it('is false when a key was removed, even with a matching hash', () => {
    const { AWS_REGION: _, ...rest } = secret.data!;
    expect(isCurrent(editedWithHash(secret, rest), b, EXPECTED), 'AWS_REGION removed').toBe(false);
  });

  it('is false when the bucket name, endpoint or region differ from what is expected', () => {
    expect(isCurrent(secret, b, { ...EXPECTED, bucketName: 'photos-other' }), 'bucketName').toBe(false);
    expect(isCurrent(secret, b, { ...EXPECTED, endpoint: 'https://s3.other.example' }), 'endpoint').toBe(
      false,
    );
    expect(isCurrent(secret, b, { ...EXPECTED, region: 'us-east-1' }), 'region').toBe(false);
  });

  it('is false when the stored BUCKET_NAME was changed consistently (hash recomputed)', () => {
    const s = editedWithHash(secret, { ...secret.data, BUCKET_NAME: b64('someone-elses-bucket') });
    expect(isCurrent(s, b, EXPECTED)).toBe(false);
  });

  it('is false when the Secret is not owned by the bucket', () => {
    expect(isCurrent(secret, bucket({}, '6f1c2a4e-0000-4000-8000-000000000009'), EXPECTED)).toBe(false);
  });
});

describe('sameManagedContent', () => {
  const b = bucket();
  const desired = buildSecret(b, DATA);
  /** As the API server returns it: extra metadata the operator does not manage. */
  const existing: V1Secret = structuredClone(desired);
  existing.metadata = {
    ...existing.metadata,
    resourceVersion: '4711',
    uid: 'secret-uid',
    creationTimestamp: new Date('2026-01-01T00:00:00Z'),
    labels: { ...existing.metadata!.labels, 'app.kubernetes.io/part-of': 'shop' },
    annotations: {
      ...existing.metadata!.annotations,
      'kubectl.kubernetes.io/last-applied-configuration': '{}',
    },
  };

  it('ignores metadata the operator does not manage', () => {
    expect(sameManagedContent(existing, desired), 'extra labels/annotations/resourceVersion/uid').toBe(true);
  });

  it('ignores the order of data keys', () => {
    const reordered = { ...existing, data: Object.fromEntries(Object.entries(existing.data!).reverse()) };
    expect(sameManagedContent(reordered, desired)).toBe(true);
  });

  it('detects a changed, added or removed data value', () => {
    expect(
      sameManagedContent(
        { ...existing, data: { ...existing.data, AWS_ACCESS_KEY_ID: b64('other') } },
        desired,
      ),
      'value changed',
    ).toBe(false);
    expect(
      sameManagedContent({ ...existing, data: { ...existing.data, EXTRA: b64('x') } }, desired),
      'key added',
    ).toBe(false);
  });

  it('detects a change of controller owner', () => {
    const s = structuredClone(existing);
    s.metadata!.ownerReferences = [{ ...s.metadata!.ownerReferences![0]!, uid: 'another-uid' }];
    expect(sameManagedContent(s, desired), 'owner uid changed').toBe(false);
    const notController = structuredClone(existing);
    notController.metadata!.ownerReferences = [
      { ...notController.metadata!.ownerReferences![0]!, controller: false },
    ];
    expect(sameManagedContent(notController, desired), 'controller flag dropped').toBe(false);
    const noOwner = structuredClone(existing);
    noOwner.metadata!.ownerReferences = [];
    expect(sameManagedContent(noOwner, desired), 'owner removed').toBe(false);
  });

  it('detects a removed managed-by label or changed hash annotation', () => {
    const noLabel = structuredClone(existing);
    noLabel.metadata!.labels = { 'app.kubernetes.io/part-of': 'shop' };
    expect(sameManagedContent(noLabel, desired), 'label removed').toBe(false);
    const hash = structuredClone(existing);
    hash.metadata!.annotations = { [DATA_HASH_ANNOTATION]: 'deadbeef' };
    expect(sameManagedContent(hash, desired), 'hash annotation changed').toBe(false);
  });
});

describe('dataHash', () => {
  it('does not depend on key order', () => {
    const a = { A: '1', B: '2', C: '3' };
    const reversed = { C: '3', B: '2', A: '1' };
    expect(dataHash(reversed)).toBe(dataHash(a));
  });

  it('changes with any key or value, and keeps key/value boundaries', () => {
    const base = dataHash({ A: '1', B: '2' });
    expect(dataHash({ A: '1', B: '3' }), 'value changed').not.toBe(base);
    expect(dataHash({ A: '1', C: '2' }), 'key renamed').not.toBe(base);
    expect(dataHash({ A: '1' }), 'key removed').not.toBe(base);
    expect(dataHash({ AB: 'C' }), '"AB"="C" vs "A"="BC"').not.toBe(dataHash({ A: 'BC' }));
  });

  it('treats missing data as empty', () => {
    expect(dataHash(undefined)).toBe(dataHash({}));
  });
});
