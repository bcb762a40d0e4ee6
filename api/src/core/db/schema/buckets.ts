import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../columns.ts';
import { organizations } from './organizations.ts';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';

/** The Kubernetes object a bucket is owned by or was made for (the API's `OwnerReference`). */
export interface OwnerReferenceJson {
  cluster_id: string;
  namespace: string;
  name: string;
  uid: string;
}
/** One namespace of one cluster, to which a bucket may be released (the API's `NamespaceReference`). */
export interface NamespaceReferenceJson {
  cluster_id: string;
  namespace: string;
}

/**
 * The bucket saga's states: `provisioning` (intent recorded, cluster steps under way or
 * interrupted), `ready`, `deleting` (removal under way or interrupted). Interrupted work is resumed
 * by whichever replica next claims the row's `bucket.saga` job (areas/buckets).
 */
export const bucketState = pgEnum('bucket_state', ['provisioning', 'ready', 'deleting']);
export type BucketState = (typeof bucketState.enumValues)[number];

export const buckets = pgTable(
  'buckets',
  {
    id: id(),
    name: text().notNull(),
    region: text().notNull(),
    /** The storage cluster the region resolved to when the bucket was created. */
    cluster: text().notNull(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'restrict' }),
    state: bucketState().notNull().default('provisioning'),
    /** The access user's key (in MinIO, also its user name). */
    accessKeyId: text().notNull(),
    /** The access user's secret, AES-256-GCM sealed with PLINTH_ENCRYPTION_KEY (core/secret-box.ts). */
    secretSealed: text().notNull(),
    /**
     * A rotation under way: the new access user's key and sealed secret, recorded before the
     * cluster call (so a crash leaves nothing unknown), and the grace the old key gets.
     */
    pendingAccessKeyId: text(),
    pendingSecretSealed: text(),
    pendingGraceSeconds: integer(),
    /** The key replaced by the last rotation, working until `previousExpiresAt` (then removed by a job). */
    previousAccessKeyId: text(),
    previousExpiresAt: timestamp({ withTimezone: true }),
    credentialsRotatedAt: timestamp({ withTimezone: true }),
    /**
     * When the rotations of the last hour started (a failed one too), at most `ROTATIONS_PER_HOUR`:
     * the per-bucket rate limit, checked and extended by the statement that starts a rotation.
     */
    recentRotations: timestamp({ withTimezone: true }).array(),
    corsAllowAll: boolean().notNull().default(false),
    /**
     * Whether the bucket on the cluster is this row's: true when this API created it, false when a
     * Super Admin imported it (or, before imports, an existing bucket was adopted); null until then.
     */
    createdOnCluster: boolean(),
    /**
     * Set before the saga first sends CreateBucket: an unmarked bucket found later may be the one
     * that call made (a crash before it was marked). Without it, an existing bucket is never ours.
     */
    createAttempted: boolean().notNull().default(false),
    /** The Kubernetes object that owns the bucket now; an owner-less bucket is adopted only as below. */
    ownerReference: jsonb().$type<OwnerReferenceJson>(),
    /** The owner reference the bucket was created for; never changes (null: made without one, or imported). */
    createdFor: jsonb().$type<OwnerReferenceJson>(),
    /** An explicit release to one namespace: an object there may adopt the bucket while it has no owner. */
    adoptableBy: jsonb().$type<NamespaceReferenceJson>(),
    usageBytes: bigint({ mode: 'number' }),
    usageObjects: bigint({ mode: 'number' }),
    usageUpdatedAt: timestamp({ withTimezone: true }),
    /**
     * Unused since the saga runs as a job with its own lease and fence (`jobs`, ADR 0004); kept
     * for one release so replicas of the previous version keep working, then dropped.
     */
    leaseUntil: timestamp({ withTimezone: true }),
    createdById: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('buckets_cluster_name_key').on(t.cluster, t.name),
    index('buckets_workspace_idx').on(t.workspaceId),
    index('buckets_organization_idx').on(t.organizationId),
  ],
);

export type BucketRow = typeof buckets.$inferSelect;
