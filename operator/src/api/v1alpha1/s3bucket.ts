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
