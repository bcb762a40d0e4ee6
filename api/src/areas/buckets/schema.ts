import { z } from '@hono/zod-openapi';
import { PageQuerySchema } from '../../core/pagination.ts';
import { sharedEnum, Timestamp, text } from '../../core/schema.ts';

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

const BucketOriginSchema = sharedEnum(
  'BucketOrigin',
  ['created', 'adopted'],
  'How Plinth came to manage a bucket: `created` on the cluster by the API, or `adopted` as it already was.',
);

const BUCKET_EXAMPLE = {
  id: '5e4d3c2b-1a09-4f8e-8d7c-6b5a4f3e2d1c',
  name: 'team-a-data',
  region: 'eu-central',
  organization: '0b7e4c2a-9d1f-4e3b-8a6c-5f2d1e0c9b8a',
  workspace: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d',
  endpoint: 'https://s3.eu-central.example.com',
  state: 'ready',
  cors_allow_all: false,
  origin: 'created',
  owner_reference: null,
  created_for: null,
  adoptable_by: null,
  usage: { bytes: 1048576, objects: 12, updated_at: '2026-11-21T09:55:00.000Z' },
  credentials_rotated_at: null,
  previous_key_expires_at: null,
  created_at: '2026-11-20T14:00:00.000Z',
  updated_at: '2026-11-20T14:00:05.000Z',
};

const ClusterId = text()
  .min(1)
  .max(253)
  .openapi({ description: 'The Kubernetes cluster (the operator’s ID).' });
const Namespace = text().min(1).max(63).openapi({ description: 'The namespace.' });

/** Who asked for the bucket, for callers such as the operator (a Kubernetes object). */
export const OwnerReferenceSchema = z
  .object({
    cluster_id: ClusterId,
    namespace: Namespace.openapi({ description: "The object's namespace." }),
    name: text().min(1).max(253).openapi({ description: "The object's name." }),
    uid: text().min(1).max(64).openapi({ description: "The object's UID." }),
  })
  .openapi('OwnerReference', {
    description: 'The Kubernetes object that asked for the bucket (set by the operator).',
  });
export type OwnerReference = z.output<typeof OwnerReferenceSchema>;

/** A namespace of a Kubernetes cluster, to which a bucket's owner may release it. */
export const NamespaceReferenceSchema = z
  .object({
    cluster_id: ClusterId,
    namespace: Namespace,
  })
  .openapi('NamespaceReference', { description: 'One namespace of one Kubernetes cluster.' });
export type NamespaceReference = z.output<typeof NamespaceReferenceSchema>;

export const BucketCredentialsSchema = z
  .object({
    access_key_id: z.string().openapi({ description: "The bucket's access key (AWS_ACCESS_KEY_ID)." }),
    secret_access_key: z.string().openapi({ description: 'Its secret (AWS_SECRET_ACCESS_KEY).' }),
  })
  .openapi('BucketCredentials', {
    description: "The keys of the bucket's own access user, which may use this bucket only.",
    example: { access_key_id: 'PLB7QK2M9X4R', secret_access_key: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' },
  });
export type BucketCredentials = z.output<typeof BucketCredentialsSchema>;

/** Rotating a bucket's access key. */
export const CredentialRotationSchema = z
  .object({
    grace_seconds: z.number().int().min(0).max(31_536_000).optional().openapi({
      description:
        "How long the old key keeps working, in seconds: the API's default (PLINTH_CREDENTIAL_GRACE_SECONDS, 1 day) when absent, at most PLINTH_CREDENTIAL_GRACE_MAX_SECONDS (7 days); 0 ends it at once (a leaked key).",
    }),
  })
  .openapi('CredentialRotation', {
    description: 'A rotation of the bucket access key.',
    example: { grace_seconds: 3600 },
  });

export const RotatedCredentialsSchema = BucketCredentialsSchema.extend({
  rotated_at: Timestamp.openapi({ description: 'When the new key took over.' }),
  previous_access_key_id: z
    .string()
    .openapi({ description: 'The old key, still working until the time below.' }),
  previous_expires_at: Timestamp.openapi({ description: 'When the old key stops working.' }),
}).openapi('RotatedCredentials', {
  description: "The bucket's new keys, shown this once (revealable later), and the old key's end.",
  example: {
    access_key_id: 'PLQ4M7X2K9B8R1T6W3ZA',
    secret_access_key: 'h7Kc2mQv9XbT4nWp8Ls1Rf6Yd3Ge5Ja0Uo2Ii9Nk',
    rotated_at: '2026-11-24T10:00:00.000Z',
    previous_access_key_id: 'PLB7QK2M9X4R',
    previous_expires_at: '2026-11-25T10:00:00.000Z',
  },
});

/** A bucket as every edge shows it: never its secret. */
export const BucketSchema = z
  .object({
    id: z.uuid().openapi({ description: "The bucket's ID." }),
    name: z.string().openapi({ description: 'The bucket name on the cluster (BUCKET_NAME).' }),
    region: z.string().openapi({ description: 'The region it lives in (see GET /api/v1/s3/regions/).' }),
    organization: z.uuid().openapi({ description: 'The owning organization.' }),
    workspace: z.uuid().openapi({ description: 'The workspace it belongs to.' }),
    endpoint: z.string().openapi({ description: 'The S3 endpoint applications use (AWS_ENDPOINT_URL_S3).' }),
    state: z.enum(['provisioning', 'ready', 'deleting']).openapi({
      description: '`provisioning` while being made, `ready` for use, `deleting` while being removed.',
    }),
    cors_allow_all: z
      .boolean()
      .openapi({ description: 'Whether browsers on any origin may use the bucket.' }),
    origin: BucketOriginSchema.nullable().openapi({
      description:
        '`created` when the API made the bucket on the cluster, `adopted` when it already existed there.',
    }),
    // A union, not .nullable(): the latter would fold null into the shared OpenAPI component.
    owner_reference: z.union([OwnerReferenceSchema, z.null()]).openapi({
      description: 'The Kubernetes object that owns the bucket now, or null.',
    }),
    created_for: z.union([OwnerReferenceSchema, z.null()]).openapi({
      description: 'The owner reference the bucket was created with; never changes.',
    }),
    adoptable_by: z.union([NamespaceReferenceSchema, z.null()]).openapi({
      description:
        'The namespace the bucket was released to: an object there may adopt it while it has no owner.',
    }),
    usage: z
      .object({
        bytes: z
          .number()
          .int()
          .nullable()
          .openapi({ description: 'Occupancy in bytes (null until first measured).' }),
        objects: z
          .number()
          .int()
          .nullable()
          .openapi({ description: 'Number of objects (null until first measured).' }),
        updated_at: Timestamp.nullable().openapi({
          description: 'When usage was last pulled from the cluster.',
        }),
      })
      .openapi({ description: 'Occupancy, refreshed by a periodic job.' }),
    credentials_rotated_at: Timestamp.nullable().openapi({
      description: 'When the access key was last rotated (null: never).',
    }),
    previous_key_expires_at: Timestamp.nullable().openapi({
      description: 'When the key replaced by the last rotation stops working; null when no old key is left.',
    }),
    created_at: Timestamp.openapi({ description: 'When the bucket was created in Plinth.' }),
    updated_at: Timestamp.openapi({ description: 'When it was last changed.' }),
  })
  .openapi('Bucket', { description: 'An S3 bucket, without its secret.', example: BUCKET_EXAMPLE });
export type Bucket = z.output<typeof BucketSchema>;

/**
 * Whether a bucket and its access user still exist on the storage cluster (the operator's drift
 * check): someone may have deleted either there, behind Plinth's back.
 */
export const BucketHealthSchema = z
  .object({
    bucket_id: z
      .uuid()
      .openapi({ description: "The bucket's ID.", example: '5e4d3c2b-1a09-4f8e-8d7c-6b5a4f3e2d1c' }),
    healthy: z.boolean().openapi({
      description: 'True when both the bucket and its access key exist on the storage cluster.',
      example: true,
    }),
    bucket_exists: z.boolean().openapi({
      description: 'Whether the bucket exists on its storage cluster.',
      example: true,
    }),
    access_key_exists: z.boolean().openapi({
      description: "Whether the bucket's current access user (its access key) exists on the storage cluster.",
      example: true,
    }),
    checked_at: Timestamp.openapi({
      description: 'When the storage cluster answered (the time of this check).',
      example: '2026-11-25T02:00:00.000Z',
    }),
  })
  .openapi('BucketHealth', {
    description:
      'What the storage cluster says of a bucket now: whether the bucket and its current access key exist there.',
    example: {
      bucket_id: '5e4d3c2b-1a09-4f8e-8d7c-6b5a4f3e2d1c',
      healthy: true,
      bucket_exists: true,
      access_key_exists: true,
      checked_at: '2026-11-25T02:00:00.000Z',
    },
  });
export type BucketHealth = z.output<typeof BucketHealthSchema>;

/** A bucket with its access user's keys: the answer to a creation, an adoption or an import. */
export const CreatedBucketSchema = BucketSchema.extend({
  // No description of its own here: an override on a shared component would replace the component's.
  credentials: BucketCredentialsSchema,
}).openapi('CreatedBucket', {
  description: 'A bucket with its access credentials: the answer to a creation, an adoption or an import.',
  example: {
    ...BUCKET_EXAMPLE,
    credentials: {
      access_key_id: 'PLB7QK2M9X4R',
      secret_access_key: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    },
  },
});
export type CreatedBucket = z.output<typeof CreatedBucketSchema>;

export const BucketCreateSchema = z
  .object({
    name: BucketName.openapi({
      description: 'A DNS label of 3-63 lowercase letters, digits and dashes; unique in its region.',
    }),
    region: text().min(1).max(63).openapi({ description: 'A region from GET /api/v1/s3/regions/.' }),
    organization: z.uuid().openapi({ description: 'The owning organization.' }),
    workspace: z.uuid().openapi({ description: 'A workspace of that organization.' }),
    cors_allow_all: z
      .boolean()
      .optional()
      .openapi({ description: 'Let browsers on any origin use the bucket (false when absent).' }),
    owner_reference: OwnerReferenceSchema.optional().openapi({
      description: 'The Kubernetes object asking for the bucket (the operator sets it).',
    }),
  })
  .openapi('BucketCreate', {
    description: 'A bucket to create, or to adopt when the caller already has it.',
    example: {
      name: 'team-a-data',
      region: 'eu-central',
      organization: '0b7e4c2a-9d1f-4e3b-8a6c-5f2d1e0c9b8a',
      workspace: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d',
      cors_allow_all: false,
    },
  });
export type BucketCreate = z.output<typeof BucketCreateSchema>;

export const BucketImportSchema = z
  .object({
    name: text().min(3).max(63).openapi({ description: 'The bucket as it is named on the cluster.' }),
    region: text().min(1).max(63).openapi({ description: 'The region whose cluster has the bucket.' }),
    organization: z.uuid().openapi({ description: 'The organization that will own it.' }),
    workspace: z.uuid().openapi({ description: 'A workspace of that organization.' }),
  })
  .openapi('BucketImport', {
    description: 'A bucket that exists on a cluster but not in Plinth, to bring under management.',
    example: {
      name: 'legacy-reports',
      region: 'eu-central',
      organization: '0b7e4c2a-9d1f-4e3b-8a6c-5f2d1e0c9b8a',
      workspace: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d',
    },
  });
export type BucketImport = z.output<typeof BucketImportSchema>;

/** The fields a PATCH may change (the route wraps it with `patchBody`). */
export const BucketUpdateSchema = z.object({
  cors_allow_all: z
    .boolean()
    .optional()
    .openapi({ description: 'Allow or stop browser use from any origin.' }),
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
  organization: z
    .uuid()
    .optional()
    .openapi({ param: { description: 'Only buckets of this organization.' } }),
  workspace: z
    .uuid()
    .optional()
    .openapi({ param: { description: 'Only buckets of this workspace.' } }),
  region: text()
    .optional()
    .openapi({ param: { description: 'Only buckets in this region.' } }),
  owner_uid: text()
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
    content_type: text()
      .min(1)
      .max(255)
      .optional()
      .openapi({ description: 'The Content-Type the upload must send (signed into the URL).' }),
    expires_in: z
      .number()
      .int()
      .min(60)
      .max(3600)
      .optional()
      .openapi({ description: 'How long the URL works, in seconds (60–3600; 900 when absent).' }),
  })
  .openapi('UploadUrlRequest', {
    description: 'The object to upload.',
    example: { key: 'reports/2026-11.csv', content_type: 'text/csv', expires_in: 900 },
  });
export type UploadUrlRequest = z.output<typeof UploadUrlRequestSchema>;

export const UploadUrlSchema = z
  .object({
    url: z.string().openapi({ description: 'The presigned URL to send the object to.' }),
    method: z.literal('PUT').openapi({ description: 'The HTTP method to use.' }),
    headers: z
      .record(z.string(), z.string())
      .openapi({ description: 'Headers the upload must send as they are (signed into the URL).' }),
    expires_at: Timestamp.openapi({ description: 'When the URL stops working.' }),
  })
  .openapi('UploadUrl', {
    description: 'A presigned upload: PUT the object body to `url` with `headers`.',
    example: {
      url: 'https://s3.eu-central.example.com/team-a-data/reports/2026-11.csv?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=…',
      method: 'PUT',
      headers: { 'Content-Type': 'text/csv' },
      expires_at: '2026-11-21T10:15:00.000Z',
    },
  });
export type UploadUrl = z.output<typeof UploadUrlSchema>;

/** One region's buckets, occupancy and objects, over the buckets the caller can see. */
export const RegionUsageSchema = z
  .object({
    name: z.string().openapi({ description: 'The region name buckets are created in.' }),
    cluster: z.string().openapi({ description: 'The storage cluster that serves it.' }),
    bucket_count: z.number().int().openapi({ description: 'Buckets the caller can see in the region.' }),
    bytes: z.number().int().openapi({ description: 'Their total occupancy in bytes.' }),
    objects: z.number().int().openapi({ description: 'Their total number of objects.' }),
    usage_updated_at: Timestamp.nullable().openapi({
      description: 'The oldest usage measurement in the sum, or null if none is measured yet.',
    }),
  })
  .openapi('RegionUsage', { description: "One region's buckets, occupancy and objects." });
export type RegionUsage = z.output<typeof RegionUsageSchema>;

export const RegionListSchema = z
  .object({
    results: z.array(RegionUsageSchema).openapi({ description: 'One entry per configured region.' }),
  })
  .openapi('RegionList', {
    description: 'The regions with the usage of the buckets the caller can see.',
    example: {
      results: [
        {
          name: 'eu-central',
          cluster: 'minio-fra',
          bucket_count: 3,
          bytes: 52428800,
          objects: 420,
          usage_updated_at: '2026-11-21T09:55:00.000Z',
        },
      ],
    },
  });
export type RegionList = z.output<typeof RegionListSchema>;
