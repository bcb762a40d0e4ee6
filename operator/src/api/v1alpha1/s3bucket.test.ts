import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GROUP, KIND, PLURAL, S3BucketSpecSchema, S3BucketStatusSchema, VERSION } from './s3bucket.ts';

type Schema = {
  type?: string;
  format?: string;
  enum?: string[];
  default?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
};

/** The parts both sides must agree on; descriptions and Kubernetes extensions are the CRD's own. */
function shape(s: Schema): unknown {
  return {
    type: s.type,
    ...(s.enum && { enum: s.enum }),
    ...(s.default !== undefined && { default: s.default }),
    // A date-time format says what zod's accompanying pattern says.
    ...(s.format === 'date-time' ? { format: s.format } : s.pattern && { pattern: s.pattern }),
    ...(s.minLength !== undefined && { minLength: s.minLength }),
    ...(s.maxLength !== undefined && { maxLength: s.maxLength }),
    ...(s.required?.length && { required: [...s.required].sort() }),
    ...(s.properties && {
      properties: Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, shape(v)])),
    }),
    ...(s.items && { items: shape(s.items) }),
  };
}

const crd = parse(
  readFileSync(new URL('../../../../crds/s3buckets.plinth.dev.yaml', import.meta.url), 'utf8'),
) as {
  spec: {
    group: string;
    names: { kind: string; plural: string };
    versions: {
      name: string;
      schema: { openAPIV3Schema: { properties: { spec: Schema; status: Schema } } };
    }[];
  };
};
const version = crd.spec.versions.find((v) => v.name === VERSION)!;
const fromZod = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Schema;

describe('the S3Bucket types and the CRD', () => {
  it('name the same group, version, kind and plural', () => {
    expect([crd.spec.group, crd.spec.names.kind, crd.spec.names.plural]).toEqual([GROUP, KIND, PLURAL]);
    expect(version).toBeDefined();
  });

  it('agree on spec: fields, types, defaults, enums, bounds and required', () => {
    expect(shape(fromZod(S3BucketSpecSchema))).toEqual(shape(version.schema.openAPIV3Schema.properties.spec));
  });

  it('agree on status', () => {
    expect(shape(fromZod(S3BucketStatusSchema))).toEqual(
      shape(version.schema.openAPIV3Schema.properties.status),
    );
  });

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
