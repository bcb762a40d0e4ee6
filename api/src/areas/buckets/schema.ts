import { z } from '@hono/zod-openapi';
import { PageQuerySchema } from '../../core/pagination.ts';
import { Timestamp } from '../../core/schema.ts';

/**
 * Bucket names (design.md): DNS labels of 3 to 63 characters of a-z 0-9 -, starting and ending
 * with a letter or digit; no dots (so never IP-shaped); no `xn--` prefix; no `-s3alias` suffix.
 */
export const BucketName = z
  .string()
  .min(3)
  .max(63)
  .regex(/^[a-z0-9][a-z0-9-]*[a-z0-9]$/, {
    error: 'Use lowercase letters, digits and dashes, starting and ending with a letter or digit.',
  })
  .refine((n) => !n.startsWith('xn--'), { error: 'Bucket names may not start with "xn--".' })
  .refine((n) => !n.endsWith('-s3alias'), { error: 'Bucket names may not end with "-s3alias".' });

/** Who asked for the bucket, for callers such as the operator (a Kubernetes object). */
export const OwnerReferenceSchema = z
  .object({
    cluster_id: z.string().min(1).max(253),
    namespace: z.string().min(1).max(63),
    name: z.string().min(1).max(253),
    uid: z.string().min(1).max(64),
  })
  .openapi('OwnerReference', {
    description: 'The Kubernetes object that asked for the bucket (set by the operator).',
  });
export type OwnerReference = z.output<typeof OwnerReferenceSchema>;

/** A namespace of a Kubernetes cluster, to which a bucket's owner may release it. */
export const NamespaceReferenceSchema = z
  .object({ cluster_id: z.string().min(1).max(253), namespace: z.string().min(1).max(63) })
  .openapi('NamespaceReference', { description: 'One namespace of one Kubernetes cluster.' });
export type NamespaceReference = z.output<typeof NamespaceReferenceSchema>;

export const BucketCredentialsSchema = z
  .object({ access_key_id: z.string(), secret_access_key: z.string() })
  .openapi('BucketCredentials');
export type BucketCredentials = z.output<typeof BucketCredentialsSchema>;

/** A bucket as every edge shows it: never its secret. */
export const BucketSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    region: z.string(),
    organization: z.uuid(),
    workspace: z.uuid(),
    endpoint: z.string().openapi({ description: 'The S3 endpoint applications use (AWS_ENDPOINT_URL_S3).' }),
    state: z.enum(['provisioning', 'ready', 'deleting']),
    cors_allow_all: z.boolean(),
    origin: z.enum(['created', 'adopted']).nullable().openapi({
      description:
        '`created` when the API made the bucket on the cluster, `adopted` when it already existed there.',
    }),
    // A union, not .nullable(): the latter would fold null into the shared OpenAPI component.
    owner_reference: z.union([OwnerReferenceSchema, z.null()]),
    created_for: z.union([OwnerReferenceSchema, z.null()]).openapi({
      description: 'The owner reference the bucket was created with; never changes.',
    }),
    adoptable_by: z.union([NamespaceReferenceSchema, z.null()]).openapi({
      description:
        'The namespace the bucket was released to: an object there may adopt it while it has no owner.',
    }),
    usage: z.object({
      bytes: z
        .number()
        .int()
        .nullable()
        .openapi({ description: 'Occupancy in bytes (null until first measured).' }),
      objects: z.number().int().nullable(),
      updated_at: Timestamp.nullable().openapi({
        description: 'When usage was last pulled from the cluster.',
      }),
    }),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('Bucket');
export type Bucket = z.output<typeof BucketSchema>;

/** A bucket with its access user's keys: the answer to a creation, an adoption or an import. */
export const CreatedBucketSchema = BucketSchema.extend({
  credentials: BucketCredentialsSchema.openapi({
    description: "The access user's keys: store them now (or use the credentials endpoint).",
  }),
}).openapi('CreatedBucket');
export type CreatedBucket = z.output<typeof CreatedBucketSchema>;

export const BucketCreateSchema = z
  .object({
    name: BucketName,
    region: z.string().min(1).max(63),
    organization: z.uuid(),
    workspace: z.uuid(),
    cors_allow_all: z.boolean().optional(),
    owner_reference: OwnerReferenceSchema.optional(),
  })
  .openapi('BucketCreate');
export type BucketCreate = z.output<typeof BucketCreateSchema>;

export const BucketImportSchema = z
  .object({
    name: z.string().min(3).max(63).openapi({ description: 'The bucket as it is named on the cluster.' }),
    region: z.string().min(1).max(63),
    organization: z.uuid(),
    workspace: z.uuid(),
  })
  .openapi('BucketImport');
export type BucketImport = z.output<typeof BucketImportSchema>;

/** The fields a PATCH may change (the route wraps it with `patchBody`). */
export const BucketUpdateSchema = z.object({
  cors_allow_all: z.boolean().optional(),
  owner_reference: z.union([OwnerReferenceSchema, z.null()]).optional().openapi({
    description:
      'The Kubernetes object that owns the bucket (needs the right to reveal credentials); null drops it.',
  }),
  adoptable_by: z
    .union([NamespaceReferenceSchema, z.null()])
    .optional()
    .openapi({
      description:
        'Release the bucket to one namespace, whose objects may then adopt it while it has no owner ' +
        '(needs the right to reveal credentials); null withdraws the release.',
    }),
});
export type BucketUpdate = z.output<typeof BucketUpdateSchema>;

export const BucketListQuerySchema = PageQuerySchema.extend({
  organization: z.uuid().optional(),
  workspace: z.uuid().optional(),
  region: z.string().optional(),
  owner_uid: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .openapi({
      param: { description: 'Only buckets whose owner_reference.uid or created_for.uid is this.' },
    }),
});
export type BucketListQuery = z.output<typeof BucketListQuerySchema>;

/**
 * An S3 object key: 1 to 1024 bytes of UTF-8 (S3's limit), without control characters, which
 * S3 clients and tools mangle or refuse, and which no legitimate upload needs.
 */
export const ObjectKey = z
  .string()
  .min(1)
  .max(1024)
  // A pattern, so the document states it too.
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  .regex(/^[^\u0000-\u001f\u007f]*$/, { error: 'No control characters (U+0000–U+001F, U+007F).' })
  .refine((k) => Buffer.byteLength(k, 'utf8') <= 1024, { error: 'At most 1024 bytes of UTF-8.' })
  .openapi({ description: 'The object key: at most 1024 bytes of UTF-8, no control characters.' });

export const UploadUrlRequestSchema = z
  .object({
    key: ObjectKey,
    content_type: z.string().min(1).max(255).optional(),
    expires_in: z
      .number()
      .int()
      .min(60)
      .max(3600)
      .optional()
      .openapi({ description: 'Seconds (60–3600, default 900).' }),
  })
  .openapi('UploadUrlRequest');
export type UploadUrlRequest = z.output<typeof UploadUrlRequestSchema>;

export const UploadUrlSchema = z
  .object({
    url: z.string(),
    method: z.literal('PUT'),
    headers: z.record(z.string(), z.string()),
    expires_at: Timestamp,
  })
  .openapi('UploadUrl');
export type UploadUrl = z.output<typeof UploadUrlSchema>;

/** One region's buckets, occupancy and objects, over the buckets the caller can see. */
export const RegionUsageSchema = z
  .object({
    name: z.string(),
    cluster: z.string(),
    bucket_count: z.number().int(),
    bytes: z.number().int(),
    objects: z.number().int(),
    usage_updated_at: Timestamp.nullable(),
  })
  .openapi('RegionUsage');
export type RegionUsage = z.output<typeof RegionUsageSchema>;

export const RegionListSchema = z.object({ results: z.array(RegionUsageSchema) }).openapi('RegionList');
export type RegionList = z.output<typeof RegionListSchema>;
