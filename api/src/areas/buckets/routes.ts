import { z } from '@hono/zod-openapi';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../edges/http/app-env.ts';
import type { Database } from '../../core/db/client.ts';
import type { Logger } from '../../core/logger.ts';
import { defineRoute } from '../../edges/http/openapi.ts';
import { paginated, PageQuerySchema } from '../../core/pagination.ts';
import type { AuditLog } from '../audit/writer.ts';
import {
  createBucket,
  deleteBucket,
  getBucket,
  importBucket,
  listBuckets,
  presignUpload,
  regionAggregates,
  revealCredentials,
  updateBucket,
} from './service.ts';
import type { StorageRuntime } from './service.ts';
import {
  IdParams,
  jsonBody,
  jsonResponse,
  noContent,
  patchBody,
  requestInfo,
  sendNoContent,
} from '../../edges/http/common.ts';
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

const OwnerReferenceSchema = z
  .object({
    cluster_id: z.string().min(1).max(253),
    namespace: z.string().min(1).max(63),
    name: z.string().min(1).max(253),
    uid: z.string().min(1).max(64),
  })
  .openapi('OwnerReference', {
    description: 'The Kubernetes object that asked for the bucket (set by the operator).',
  });

const NamespaceReferenceSchema = z
  .object({ cluster_id: z.string().min(1).max(253), namespace: z.string().min(1).max(63) })
  .openapi('NamespaceReference', { description: 'One namespace of one Kubernetes cluster.' });

const CredentialsSchema = z
  .object({ access_key_id: z.string(), secret_access_key: z.string() })
  .openapi('BucketCredentials');

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

const CreatedBucketSchema = BucketSchema.extend({
  credentials: CredentialsSchema.openapi({
    description: "The access user's keys: store them now (or use the credentials endpoint).",
  }),
}).openapi('CreatedBucket');

const CreateBucket = z
  .object({
    name: BucketName,
    region: z.string().min(1).max(63),
    organization: z.uuid(),
    workspace: z.uuid(),
    cors_allow_all: z.boolean().optional(),
    owner_reference: OwnerReferenceSchema.optional(),
  })
  .openapi('BucketCreate');

const ImportBucket = z
  .object({
    name: z.string().min(3).max(63).openapi({ description: 'The bucket as it is named on the cluster.' }),
    region: z.string().min(1).max(63),
    organization: z.uuid(),
    workspace: z.uuid(),
  })
  .openapi('BucketImport');

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

const RegionSchema = z
  .object({
    name: z.string(),
    cluster: z.string(),
    bucket_count: z.number().int(),
    bytes: z.number().int(),
    objects: z.number().int(),
    usage_updated_at: Timestamp.nullable(),
  })
  .openapi('RegionUsage');

const tags = ['s3'];

export function registerBuckets(
  app: OpenAPIHono<AppEnv>,
  deps: { db: Database; storage: StorageRuntime; audit: AuditLog; logger: Logger },
): void {
  const { db, storage, audit, logger } = deps;
  app.openapi(
    defineRoute({
      method: 'post',
      path: '/api/v1/s3/buckets/',
      tags,
      summary: 'Create a bucket with its own access user, or adopt it (same name, same workspace)',
      description:
        '201 with the new bucket and its credentials. If Plinth already manages the name in the region for the same ' +
        'organization and workspace, 200 with that bucket; with an owner_reference, only when that object owns it, or ' +
        'it has no owner and was created for that object or released to its namespace (adoptable_by). Anything else: ' +
        '409 bucket_name_taken.',
      request: { body: jsonBody(CreateBucket) },
      responses: {
        201: jsonResponse('Created; the credentials are in this response.', CreatedBucketSchema),
        200: jsonResponse('Adopted: the existing bucket and its credentials.', CreatedBucketSchema),
      },
      errors: [409],
    }),
    async (c) => {
      const { status, bucket } = await createBucket(
        db,
        storage,
        audit,
        logger,
        c.get('principal'),
        c.req.valid('json'),
        requestInfo(c),
      );
      return status === 201 ? c.json(bucket, 201) : c.json(bucket, 200);
    },
  );
  app.openapi(
    defineRoute({
      method: 'post',
      path: '/api/v1/s3/buckets/import/',
      tags,
      summary:
        'Bring a bucket that exists on the cluster without a Plinth record under management (a Super Admin signed in)',
      description:
        'The bucket keeps its data; it is marked as managed, gets its own access user, and belongs to the workspace ' +
        'given (origin `adopted`). Recorded in the audit log as bucket.imported. 400 (on name) when no such bucket ' +
        'exists on the cluster; 409 bucket_name_taken when Plinth already manages the name.',
      request: { body: jsonBody(ImportBucket) },
      responses: {
        201: jsonResponse('Imported; the credentials are in this response.', CreatedBucketSchema),
      },
      errors: [409],
    }),
    async (c) =>
      c.json(
        await importBucket(
          db,
          storage,
          audit,
          logger,
          c.get('principal'),
          c.req.valid('json'),
          requestInfo(c),
        ),
        201,
      ),
  );
  app.openapi(
    defineRoute({
      method: 'get',
      path: '/api/v1/s3/buckets/',
      list: true,
      tags,
      summary: 'List buckets (occupancy, object count, last usage refresh; never secrets)',
      request: {
        query: PageQuerySchema.extend({
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
        }),
      },
      responses: { 200: jsonResponse('A page of buckets.', paginated(BucketSchema, 'PaginatedBucketList')) },
    }),
    async (c) =>
      c.json(
        await listBuckets(db, storage, c.get('principal'), new URL(c.req.url), c.req.valid('query')),
        200,
      ),
  );
  app.openapi(
    defineRoute({
      method: 'get',
      path: '/api/v1/s3/buckets/{id}/',
      tags,
      summary: 'A bucket',
      request: { params: IdParams },
      responses: { 200: jsonResponse('The bucket.', BucketSchema) },
    }),
    async (c) => c.json(await getBucket(db, storage, c.get('principal'), c.req.valid('param').id), 200),
  );
  app.openapi(
    defineRoute({
      method: 'patch',
      path: '/api/v1/s3/buckets/{id}/',
      tags,
      summary:
        'Turn the allow-all CORS rule set on or off, set or drop the owning Kubernetes object, or release the bucket to a namespace',
      request: {
        params: IdParams,
        body: jsonBody(
          patchBody(
            z.object({
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
            }),
          ).openapi('BucketUpdate'),
        ),
      },
      responses: { 200: jsonResponse('The bucket.', BucketSchema) },
      errors: [409],
    }),
    async (c) =>
      c.json(
        await updateBucket(db, storage, c.get('principal'), c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
  );
  app.openapi(
    defineRoute({
      method: 'delete',
      path: '/api/v1/s3/buckets/{id}/',
      tags,
      summary:
        'Remove the access user and policy, and the bucket if it is empty (else 409; data is never deleted)',
      request: { params: IdParams },
      responses: { 204: noContent },
      errors: [409],
    }),
    async (c) => {
      await deleteBucket(db, storage, c.get('principal'), c.req.valid('param').id);
      return sendNoContent();
    },
  );
  app.openapi(
    defineRoute({
      method: 'get',
      path: '/api/v1/s3/buckets/{id}/credentials/',
      tags,
      summary: "Reveal the bucket's credentials again (recorded in the audit log)",
      request: { params: IdParams },
      responses: { 200: jsonResponse("The access user's keys.", CredentialsSchema) },
      errors: [409],
    }),
    async (c) =>
      c.json(
        await revealCredentials(
          db,
          storage,
          audit,
          c.get('principal'),
          c.req.valid('param').id,
          requestInfo(c),
        ),
        200,
      ),
  );
  app.openapi(
    defineRoute({
      method: 'post',
      path: '/api/v1/s3/buckets/{id}/objects/upload-url/',
      tags,
      summary: "A presigned URL to PUT one object, signed with the bucket's own access user",
      description:
        'The URL stops working when it expires, and when the bucket (so its access user) is deleted.',
      request: {
        params: IdParams,
        body: jsonBody(
          z
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
            .openapi('UploadUrlRequest'),
        ),
      },
      responses: {
        200: jsonResponse(
          'Send the object with this method, URL and headers before it expires.',
          z
            .object({
              url: z.string(),
              method: z.literal('PUT'),
              headers: z.record(z.string(), z.string()),
              expires_at: Timestamp,
            })
            .openapi('UploadUrl'),
        ),
      },
      errors: [409],
    }),
    async (c) =>
      c.json(
        await presignUpload(db, storage, c.get('principal'), c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
  );
  app.openapi(
    defineRoute({
      method: 'get',
      path: '/api/v1/s3/regions/',
      tags,
      summary: 'Regions with bucket count, occupancy and objects (over the buckets you can see)',
      responses: {
        200: jsonResponse(
          'Every configured region.',
          z.object({ results: z.array(RegionSchema) }).openapi('RegionList'),
        ),
      },
    }),
    async (c) => c.json({ results: await regionAggregates(db, storage, c.get('principal')) }, 200),
  );
}
