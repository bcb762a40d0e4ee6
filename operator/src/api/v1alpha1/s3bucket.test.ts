import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { GROUP, KIND, S3BucketSpecSchema, VERSION } from './s3bucket.ts';

describe('the S3Bucket types and the CRD', () => {
  it('accept the sample and apply the CRD defaults', () => {
    const sample = parse(
      readFileSync(
        new URL('../../../../config/samples/plinth_v1alpha1_s3bucket.yaml', import.meta.url),
        'utf8',
      ),
    ) as {
      apiVersion: string;
      kind: string;
      spec: unknown;
    };
    expect(sample.apiVersion).toBe(`${GROUP}/${VERSION}`);
    expect(sample.kind).toBe(KIND);
    expect(S3BucketSpecSchema.parse(sample.spec)).toEqual({
      region: 'eu-central',
      corsAllowAll: false,
      deletionPolicy: 'Retain',
    });
  });
});
