import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CRD_FILES, crdSchema, s3BucketCrdYaml } from './s3bucket-crd.ts';

const committed = (file: string) => readFileSync(new URL(`../../../../${file}`, import.meta.url), 'utf8');

describe('the S3Bucket CRD', () => {
  it.each(CRD_FILES)('%s is what npm run generate:crd makes of the zod schema', (file) => {
    expect(committed(file), `${file} is stale: run npm run generate:crd and commit`).toBe(s3BucketCrdYaml());
  });

  it('cannot be generated from a schema a structural CRD schema cannot hold', () => {
    expect(() => crdSchema(z.object({ a: z.union([z.string(), z.number()]) }))).toThrow(
      '/a: anyOf has no place in a structural CRD schema',
    );
    expect(() => crdSchema(z.object({ a: z.string().nullable() }))).toThrow('/a: nullable has no place');
    expect(() => crdSchema(z.object({ a: z.object({}).strict() }))).toThrow(
      '/a: additionalProperties has no place',
    );
  });
});
