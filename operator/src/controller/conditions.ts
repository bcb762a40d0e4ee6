import type { Condition } from '../api/v1alpha1/s3bucket.ts';

export const READY = 'Ready';
export const SYNCED = 'Synced';

/** Every reason the operator sets; docs/operator.md explains each. */
export const Reasons = {
  Available: 'Available',
  Synced: 'Synced',
  Provisioning: 'Provisioning',
  ApiUnavailable: 'ApiUnavailable',
  Unauthorized: 'Unauthorized',
  Forbidden: 'Forbidden',
  NameTaken: 'NameTaken',
  InvalidName: 'InvalidName',
  UnknownRegion: 'UnknownRegion',
  CorsNotSupported: 'CorsNotSupported',
  InvalidSpec: 'InvalidSpec',
  NoWorkspaceMapping: 'NoWorkspaceMapping',
  WorkspaceNotFound: 'WorkspaceNotFound',
  ForeignSecret: 'ForeignSecret',
  SecretWriteFailed: 'SecretWriteFailed',
  DeletionBlocked: 'DeletionBlocked',
  BucketMissing: 'BucketMissing',
  AccessKeyMissing: 'AccessKeyMissing',
} as const;
export type Reason = (typeof Reasons)[keyof typeof Reasons];

export interface ConditionInput {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  reason: Reason;
  message: string;
}

/**
 * Returns `conditions` with `next` set: `lastTransitionTime` moves only when the status changes
 * (the Kubernetes convention), so rewriting an unchanged condition is a no-op.
 */
export function setCondition(
  conditions: readonly Condition[] | undefined,
  next: ConditionInput,
  observedGeneration: number | undefined,
  now: Date,
): Condition[] {
  const list = [...(conditions ?? [])];
  const i = list.findIndex((c) => c.type === next.type);
  const previous = i >= 0 ? list[i] : undefined;
  const condition: Condition = {
    type: next.type,
    status: next.status,
    reason: next.reason,
    message: next.message,
    ...(observedGeneration === undefined ? {} : { observedGeneration }),
    lastTransitionTime:
      previous && previous.status === next.status ? previous.lastTransitionTime : rfc3339(now),
  };
  if (i >= 0) list[i] = condition;
  else list.push(condition);
  return list;
}

export function findCondition(conditions: readonly Condition[] | undefined, type: string) {
  return conditions?.find((c) => c.type === type);
}

/** Kubernetes `metav1.Time`: RFC 3339 at second precision. */
export function rfc3339(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
