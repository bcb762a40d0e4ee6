import {
  bigint,
  boolean,
  index,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { organizations } from './organizations.ts';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';

/**
 * The bucket saga's states: `provisioning` (intent recorded, cluster steps under way or
 * interrupted), `ready`, `deleting` (removal under way or interrupted). Interrupted work is resumed
 * by whichever replica next holds the lease (see services/buckets.ts).
 */
export const bucketState = pgEnum('bucket_state', ['provisioning', 'ready', 'deleting']);
export type BucketState = (typeof bucketState.enumValues)[number];

/** Who asked for the bucket, for callers such as the operator (a Kubernetes object). */
export interface OwnerReference {
  cluster_id: string;
  namespace: string;
  name: string;
  uid: string;
}

/** A namespace of a Kubernetes cluster, to which a bucket's owner may release it. */
export interface NamespaceReference {
  cluster_id: string;
  namespace: string;
}

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
    /** The access user's secret, AES-256-GCM sealed with PLINTH_ENCRYPTION_KEY (lib/secret-box.ts). */
    secretSealed: text().notNull(),
    corsAllowAll: boolean().notNull().default(false),
    /** True when this API created the bucket on the cluster (false: it existed and was adopted). */
    createdOnCluster: boolean(),
    /** The Kubernetes object that owns the bucket now; an owner-less bucket is adopted only as below. */
    ownerReference: jsonb().$type<OwnerReference>(),
    /** The owner reference the bucket was created for; never changes (null: made without one, or imported). */
    createdFor: jsonb().$type<OwnerReference>(),
    /** An explicit release to one namespace: an object there may adopt the bucket while it has no owner. */
    adoptableBy: jsonb().$type<NamespaceReference>(),
    usageBytes: bigint({ mode: 'number' }),
    usageObjects: bigint({ mode: 'number' }),
    usageUpdatedAt: timestamp({ withTimezone: true }),
    /** A replica working on this row's saga holds it until then; expired leases are taken over. */
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

export type Bucket = typeof buckets.$inferSelect;
