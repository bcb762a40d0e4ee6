import type { V1ObjectMeta } from '@kubernetes/client-node';
import { z } from 'zod';

/**
 * `plinth.dev/v1alpha1` `S3Bucket`: the operator's view of the resource, and the source of its
 * CRD. Each field carries what the CRD says of it beyond zod's own checks (its description, CEL
 * rules, list semantics) as metadata; the rest of the CRD (names, columns, subresources) is in
 * s3bucket-crd.ts. `npm run generate:crd` writes both copies of the YAML from them.
 */
export const GROUP = 'plinth.dev';
export const VERSION = 'v1alpha1';
export const KIND = 'S3Bucket';
export const PLURAL = 's3buckets';

/** Labels, annotations and the finalizer share the group's prefix. */
export const FINALIZER = 'plinth.dev/finalizer';
export const ORGANIZATION_ANNOTATION = 'plinth.dev/organization';
export const WORKSPACE_ANNOTATION = 'plinth.dev/workspace';
/**
 * On an S3Bucket: any new value asks for one rotation of its access key (docs/operator.md). The
 * value is a token, compared with `status.credentials.rotationToken`; a date or a counter will do.
 */
export const ROTATE_ANNOTATION = 'plinth.dev/rotate-credentials';

/** An `int64` in the CRD: an integer with no bounds of its own (JavaScript's are not the API's). */
const int64 = () => z.number().int().meta({ format: 'int64' });

export const S3BucketSpecSchema = z.object({
  region: z
    .string()
    .min(1)
    .max(63)
    .meta({
      description: 'The Plinth region; it resolves to a storage cluster. Immutable.',
      'x-kubernetes-validations': [{ rule: 'self == oldSelf', message: 'spec.region is immutable' }],
    }),
  corsAllowAll: z.boolean().default(false).describe('Apply the allow-all CORS rule set for browser uploads.'),
  deletionPolicy: z
    .enum(['Retain', 'Delete'])
    .default('Retain')
    .describe(
      'Retain keeps the bucket and its data when the object is deleted; Delete removes an empty bucket this object created.',
    ),
  secretName: z
    .string()
    .min(1)
    .max(253)
    .regex(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/)
    .describe('Name of the Secret to write (default metadata.name).')
    .optional(),
  credentialsRotation: z
    .object({
      graceSeconds: z
        .number()
        .int()
        .min(0)
        .max(31_536_000)
        .describe(
          "How long the old key keeps working after a rotation, in seconds (the API's default, PLINTH_CREDENTIAL_GRACE_SECONDS, when absent; at most PLINTH_CREDENTIAL_GRACE_MAX_SECONDS). 0 ends it at once.",
        )
        .optional(),
      periodSeconds: z
        .number()
        .int()
        .min(3600)
        .max(315_360_000)
        .describe(
          "Rotates the key on a schedule, this many seconds after the current key took over (status.credentials.rotatedAt; the S3Bucket's creation before the first rotation). Must be longer than the grace.",
        )
        .optional(),
    })
    // The same rule twice: zod's for the operator (InvalidSpec), CEL's for the API server.
    .refine(
      (r) =>
        r.periodSeconds === undefined || r.graceSeconds === undefined || r.periodSeconds > r.graceSeconds,
      {
        error: 'credentialsRotation.periodSeconds must be longer than graceSeconds',
        path: ['periodSeconds'],
      },
    )
    .meta({
      description:
        'How the access key is rotated. A rotation is asked for with a new value of the annotation plinth.dev/rotate-credentials, or on a schedule with periodSeconds.',
      'x-kubernetes-validations': [
        {
          rule: '!has(self.periodSeconds) || !has(self.graceSeconds) || self.periodSeconds > self.graceSeconds',
          message: 'periodSeconds must be longer than graceSeconds',
        },
      ],
    })
    .optional(),
});

export const ConditionSchema = z.object({
  type: z.string(),
  status: z.enum(['True', 'False', 'Unknown']),
  reason: z.string().optional(),
  message: z.string().optional(),
  observedGeneration: int64().optional(),
  lastTransitionTime: z.iso.datetime({ offset: true }),
});

export const S3BucketStatusSchema = z.object({
  observedGeneration: int64().optional(),
  bucketId: z.string().optional(),
  bucketName: z.string().optional(),
  endpoint: z.string().optional(),
  secretName: z.string().optional(),
  origin: z.enum(['Created', 'Adopted']).optional(),
  conditions: z
    .array(ConditionSchema)
    .meta({ 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['type'] })
    .optional(),
  /** Nothing is ever removed from here: a JSON merge patch could not, without nulls. */
  credentials: z
    .object({
      /** The API's clock. */
      rotatedAt: z.iso.datetime({ offset: true }).describe('When the current key took over.').optional(),
      previousKeyExpiresAt: z.iso
        .datetime({ offset: true })
        .describe('When the key before it stops (stopped) working.')
        .optional(),
      /** Or `scheduled/<time>`, for a rotation `periodSeconds` asked for. */
      rotationToken: z
        .string()
        .describe('The plinth.dev/rotate-credentials value last carried out.')
        .optional(),
      requestedToken: z
        .string()
        .describe(
          'The plinth.dev/rotate-credentials value accepted for rotation, recorded before the API is asked.',
        )
        .optional(),
      /** A different value later means the rotation happened, whoever saw its answer. */
      requestedAgainst: z
        .string()
        .describe(
          "The bucket's credentials_rotated_at when requestedToken was accepted (empty when never rotated).",
        )
        .optional(),
    })
    .describe(
      "The access key's rotations. One is in progress while requestedToken differs from rotationToken.",
    )
    .optional(),
});

export type S3BucketSpec = z.output<typeof S3BucketSpecSchema>;
export type S3BucketStatus = z.output<typeof S3BucketStatusSchema>;
export type Condition = z.output<typeof ConditionSchema>;

export interface S3Bucket {
  apiVersion: `${typeof GROUP}/${typeof VERSION}`;
  kind: typeof KIND;
  /**
   * Custom objects arrive as plain JSON (client-node does not convert them), so timestamps such as
   * `deletionTimestamp` are strings at run time whatever V1ObjectMeta says: only test them for presence.
   */
  metadata: V1ObjectMeta & { name: string; namespace: string; uid: string };
  spec: S3BucketSpec;
  status?: S3BucketStatus;
}
