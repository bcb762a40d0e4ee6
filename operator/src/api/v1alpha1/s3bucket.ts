import type { V1ObjectMeta } from '@kubernetes/client-node';
import { z } from 'zod';

/**
 * `plinth.dev/v1alpha1` `S3Bucket`: the operator's view of the resource. Kept equal to
 * `crds/s3buckets.plinth.dev.yaml` by s3bucket.test.ts: change both together.
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

export const S3BucketSpecSchema = z.object({
  region: z.string().min(1).max(63),
  corsAllowAll: z.boolean().default(false),
  deletionPolicy: z.enum(['Retain', 'Delete']).default('Retain'),
  secretName: z
    .string()
    .min(1)
    .max(253)
    .regex(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/)
    .optional(),
  credentialsRotation: z
    .object({
      /** How long the old key keeps working after a rotation; the API's default when absent. */
      graceSeconds: z.number().int().min(0).max(31_536_000).optional(),
      /** Rotate on a schedule: this long after the current key took over (the S3Bucket's creation at first). */
      periodSeconds: z.number().int().min(3600).max(315_360_000).optional(),
    })
    .refine(
      (r) =>
        r.periodSeconds === undefined || r.graceSeconds === undefined || r.periodSeconds > r.graceSeconds,
      {
        error: 'credentialsRotation.periodSeconds must be longer than graceSeconds',
        path: ['periodSeconds'],
      },
    )
    .optional(),
});

export const ConditionSchema = z.object({
  type: z.string(),
  status: z.enum(['True', 'False', 'Unknown']),
  reason: z.string().optional(),
  message: z.string().optional(),
  observedGeneration: z.number().int().optional(),
  lastTransitionTime: z.iso.datetime({ offset: true }),
});

export const S3BucketStatusSchema = z.object({
  observedGeneration: z.number().int().optional(),
  bucketId: z.string().optional(),
  bucketName: z.string().optional(),
  endpoint: z.string().optional(),
  secretName: z.string().optional(),
  origin: z.enum(['Created', 'Adopted']).optional(),
  conditions: z.array(ConditionSchema).optional(),
  /**
   * The access key's rotations. A rotation is in progress while `requestedToken` differs from
   * `rotationToken` (nothing is ever removed from here: a JSON merge patch could not, without nulls).
   */
  credentials: z
    .object({
      /** When the bucket's current key took over (the API's clock). */
      rotatedAt: z.iso.datetime({ offset: true }).optional(),
      /** When the key before it stops (stopped) working. */
      previousKeyExpiresAt: z.iso.datetime({ offset: true }).optional(),
      /** The rotate-credentials annotation's value (or `scheduled/<time>`, for a period) last carried out. */
      rotationToken: z.string().optional(),
      /** The value accepted for rotation, recorded before the API is asked. */
      requestedToken: z.string().optional(),
      /**
       * The bucket's `credentials_rotated_at` when `requestedToken` was accepted (empty: never
       * rotated): a different value later means the rotation happened, whoever saw its answer.
       */
      requestedAgainst: z.string().optional(),
    })
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
