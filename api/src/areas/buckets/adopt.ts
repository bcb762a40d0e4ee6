import { and, eq, isNull, sql } from 'drizzle-orm';
import { authorize, requireInteractive, roleIn } from '../../auth/policy.ts';
import type { Database } from '../../core/db/client.ts';
import { isUniqueViolation } from '../../core/db/errors.ts';
import { buckets, workspaces } from '../../core/db/schema/index.ts';
import type { BucketRow } from '../../core/db/schema/index.ts';
import { conflict, validationError } from '../../core/errors.ts';
import { claim } from '../../core/jobs/claim.ts';
import { fail } from '../../core/jobs/queue.ts';
import type { Lease } from '../../core/jobs/queue.ts';
import { withLease } from '../../core/jobs/runner.ts';
import {
  admitted,
  backendOf,
  bucketAudit,
  clusterOf,
  isUnmanaged,
  newCredentials,
  storageFailure,
  withCredentials,
} from './common.ts';
import type { BucketContext, BucketDeps } from './common.ts';
import { BUCKET_SAGA, LEASE_SECONDS, provision, rollback, runOrUndo, startSaga } from './saga.ts';
import type { BucketCreate, BucketImport, CreatedBucket, OwnerReference } from './schema.ts';

/**
 * A bucket comes under management: created (or adopted, when the same request comes again),
 * or imported from the cluster by a Super Admin. The intent is recorded first, then the saga runs
 * in the request.
 */

/**
 * Create, or adopt: the same name in the same cluster, region, organization and workspace is that
 * bucket, `adopted` (for a request with an owner reference, only as `mayAdopt` allows; the route
 * answers 200, and 201 for one `created`); anything else is 409. Intent is recorded (row with sealed credentials) before any cluster call, so a crash
 * leaves a row that recovery completes, never an unknown bucket or user.
 */
export async function createBucket(
  ctx: BucketContext,
  input: BucketCreate,
): Promise<{ outcome: 'created' | 'adopted'; bucket: CreatedBucket }> {
  const { db, storage } = ctx;
  const [ws] = await db.select().from(workspaces).where(eq(workspaces.id, input.workspace));
  const scope = { organizationId: input.organization, workspaceId: input.workspace };
  if (!ws || ws.organizationId !== input.organization || (await roleIn(ctx, scope)) === null) {
    throw validationError([
      { attr: 'workspace', code: 'does_not_exist', detail: 'No such workspace in this organization.' },
    ]);
  }
  await authorize(ctx, 'bucket.create', scope);
  const cluster = clusterOf(storage, input.region);
  const driver = storage.driver(cluster);
  if (input.cors_allow_all && !driver.supportsCors) {
    throw validationError([
      {
        attr: 'cors_allow_all',
        code: 'not_supported',
        detail: `The storage cluster of region ${input.region} (${backendOf(storage, cluster)}) cannot set CORS rules.`,
      },
    ]);
  }

  return admitted(storage, { cluster, organizationId: input.organization }, () =>
    recordAndProvision(ctx, input, cluster),
  );
}

/** The creation itself, once admitted: intent recorded, then the saga (or the adoption). */
async function recordAndProvision(
  ctx: BucketContext,
  input: BucketCreate,
  cluster: string,
): Promise<{ outcome: 'created' | 'adopted'; bucket: CreatedBucket }> {
  const { storage } = ctx;
  let started: { row: BucketRow; lease: Lease };
  try {
    started = await recordIntent(
      ctx,
      {
        ...placeOf(input, cluster),
        corsAllowAll: input.cors_allow_all ?? false,
        ownerReference: input.owner_reference ?? null,
        createdFor: input.owner_reference ?? null,
      },
      (tx, row) =>
        bucketAudit(tx, ctx, 'bucket.created', row, {
          region: row.region,
          workspace: row.workspaceId,
          owner_reference: row.ownerReference ?? null,
          cors_allow_all: row.corsAllowAll,
        }),
    );
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return { outcome: 'adopted', bucket: await adopt(ctx, input, cluster) };
  }
  await storage.afterStep?.('recorded', started.row.id);
  return { outcome: 'created', bucket: withCredentials(storage, await provisionOrRollBack(ctx, started)) };
}

const placeOf = (input: BucketImport, cluster: string) => ({
  name: input.name,
  region: input.region,
  cluster,
  organizationId: input.organization,
  workspaceId: input.workspace,
});

type Intent = ReturnType<typeof placeOf> &
  Partial<Pick<BucketRow, 'corsAllowAll' | 'ownerReference' | 'createdFor' | 'createdOnCluster'>>;

/**
 * The saga's first step: a `provisioning` row with fresh credentials (sealed) and its saga job,
 * claimed by this request, in one transaction: the row never exists without the job that finishes
 * it, and other replicas take the job only once this request's lease expires. `audited` writes the
 * audit entry of the intent in that transaction, so the row never exists unrecorded either.
 */
async function recordIntent(
  { db, storage, principal }: BucketContext,
  intent: Intent,
  audited?: (tx: Database, row: BucketRow) => Promise<void>,
): Promise<{ row: BucketRow; lease: Lease }> {
  const id = crypto.randomUUID();
  const proposed = newCredentials();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(buckets)
      .values({
        ...intent,
        id,
        accessKeyId: proposed.accessKeyId,
        secretSealed: storage.box.seal(proposed.secretAccessKey, id),
        createdById: principal.userId,
      })
      .returning();
    await audited?.(tx, row!);
    return { row: row!, lease: await startSaga(tx, row!, 'create') };
  });
}

/**
 * Runs the creation in the request. On failure the client gets an error, so the creation is undone
 * rather than completed: now if the cluster answers, else by whichever replica resumes the job.
 */
async function provisionOrRollBack(
  deps: Pick<BucketDeps, 'db' | 'storage' | 'logger'>,
  { row, lease }: { row: BucketRow; lease: Lease },
): Promise<BucketRow> {
  return runOrUndo(deps, lease, {
    bucketId: row.id,
    run: (job) => provision(deps, row, job),
    // An unmanaged bucket has already cost the row, and nothing else may be touched.
    settled: isUnmanaged,
    undoOp: 'rollback',
    undo: (job) => rollback(deps, row, job),
    unfinished: 'bucket creation failed and could not be rolled back yet; the rollback will be resumed',
  });
}

/**
 * A Super Admin brings a bucket that exists on the cluster without a Plinth record under
 * management, data and all: it gets a row (origin `adopted`), the mark, and its own access user.
 */
export async function importBucket(ctx: BucketContext, input: BucketImport): Promise<CreatedBucket> {
  const { db, storage, audit, principal, req } = ctx;
  await authorize(ctx, 'bucket.import', 'global');
  requireInteractive(
    principal,
    'Importing a bucket Plinth does not manage needs a Super Admin signed in (a login token from POST /api/login/), not an API key or a ServiceAccount token.',
  );
  const [ws] = await db.select().from(workspaces).where(eq(workspaces.id, input.workspace));
  if (!ws || ws.organizationId !== input.organization) {
    throw validationError([
      { attr: 'workspace', code: 'does_not_exist', detail: 'No such workspace in this organization.' },
    ]);
  }
  const cluster = clusterOf(storage, input.region);
  const exists = await storage
    .driver(cluster)
    .bucketExists(input.name)
    .catch((err: unknown) => {
      throw storageFailure(err);
    });
  if (!exists) {
    throw validationError([
      {
        attr: 'name',
        code: 'does_not_exist',
        detail: `No bucket of this name exists on the storage cluster of region ${input.region}.`,
      },
    ]);
  }
  let started: { row: BucketRow; lease: Lease };
  try {
    // createdOnCluster false: the row owns the bucket from the start, so the saga marks it as is.
    // The entry commits with the row: an import is never under way unrecorded (a crashed one is
    // finished by recovery), and with no entry written nothing is imported.
    started = await recordIntent(ctx, { ...placeOf(input, cluster), createdOnCluster: false }, (tx, row) =>
      audit.record(
        {
          event: 'bucket.imported',
          actorUserId: principal.userId,
          apiKeyId: principal.apiKeyId,
          organizationId: row.organizationId,
          ip: req.ip,
          requestId: req.requestId,
          details: { bucket: row.id, name: row.name, region: row.region },
        },
        tx,
      ),
    );
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    throw conflict('Plinth already manages a bucket of this name on this cluster.', 'bucket_name_taken');
  }
  return withCredentials(storage, await provisionOrRollBack(ctx, started));
}

const sameObject = (a: OwnerReference | null, b: OwnerReference) =>
  a !== null && a.uid === b.uid && a.cluster_id === b.cluster_id;

/**
 * Whether a request on behalf of the Kubernetes object `owner` may adopt `b`: it owns it already
 * (a retry), or the bucket has no owner and was created for that object or released to its
 * namespace. An owner-less bucket is not anyone's: the operator must not hand a person's bucket to
 * whichever object names it.
 */
function mayAdopt(b: BucketRow, owner: OwnerReference): boolean {
  if (b.ownerReference) return sameObject(b.ownerReference, owner);
  return (
    sameObject(b.createdFor, owner) ||
    (b.adoptableBy?.cluster_id === owner.cluster_id && b.adoptableBy.namespace === owner.namespace)
  );
}

async function adopt(ctx: BucketContext, input: BucketCreate, cluster: string): Promise<CreatedBucket> {
  const { db, storage, audit, principal, req } = ctx;
  const [existing] = await db
    .select()
    .from(buckets)
    .where(and(eq(buckets.cluster, cluster), eq(buckets.name, input.name)));
  if (!existing) throw conflict('The bucket is being changed; try again.', 'bucket_busy');
  const owner = input.owner_reference;
  const mine =
    existing.region === input.region &&
    existing.organizationId === input.organization &&
    existing.workspaceId === input.workspace &&
    (!owner || mayAdopt(existing, owner));
  if (!mine) {
    throw conflict(
      'A bucket with this name already exists and belongs to someone else.',
      'bucket_name_taken',
    );
  }
  let current = existing;
  const claims = owner !== undefined && owner !== null && !existing.ownerReference;
  if (claims) {
    // The ownership and its entry commit together: a bucket is never taken unrecorded.
    current = await db.transaction(async (tx) => {
      // The conditions make two objects adopting at once (or an adoption racing a change of the
      // release) agree on one outcome: the row must still be as it was judged.
      const [claimedOwner] = await tx
        .update(buckets)
        .set({ ownerReference: owner, adoptableBy: null })
        .where(
          and(
            eq(buckets.id, existing.id),
            isNull(buckets.ownerReference),
            sql`${buckets.adoptableBy} is not distinct from ${existing.adoptableBy ? JSON.stringify(existing.adoptableBy) : null}::jsonb`,
          ),
        )
        .returning();
      if (!claimedOwner) {
        throw conflict(
          'A bucket with this name already exists and belongs to someone else.',
          'bucket_name_taken',
        );
      }
      if (claimedOwner.state === 'deleting')
        throw conflict('The bucket is being deleted.', 'bucket_deleting');
      await bucketAudit(tx, ctx, 'bucket.adopted', claimedOwner, {
        owner_reference: owner,
        claimed: true,
        previous_adoptable_by: existing.adoptableBy ?? null,
      });
      return claimedOwner;
    });
  }
  if (current.state === 'deleting') throw conflict('The bucket is being deleted.', 'bucket_deleting');
  if (current.state === 'provisioning') {
    // The creation was interrupted (its lease expired): this request finishes it.
    const lease = await claim(db, crypto.randomUUID(), LEASE_SECONDS, { kind: BUCKET_SAGA, key: current.id });
    if (lease?.job.payload.op !== 'create') {
      if (lease) await fail(db, lease, 'not_adoptable');
      throw conflict('The bucket is being created by another request; try again shortly.', 'bucket_busy', 2);
    }
    try {
      current = await withLease(db, lease, (job) => provision(ctx, current, job));
    } catch (err) {
      throw storageFailure(err);
    }
  }
  const answered = current;
  // Written together before the credentials go out; without a new owner nothing changed, so the
  // adoption is recorded as the answer it is.
  await db.transaction(async (tx) => {
    if (!claims)
      await bucketAudit(tx, ctx, 'bucket.adopted', answered, {
        owner_reference: answered.ownerReference ?? null,
        claimed: false,
      });
    await audit.record(
      {
        event: 'bucket.credentials_revealed',
        actorUserId: principal.userId,
        apiKeyId: principal.apiKeyId,
        organizationId: answered.organizationId,
        ip: req.ip,
        requestId: req.requestId,
        details: { bucket: answered.id, name: answered.name, via: 'adoption' },
      },
      tx,
    );
  });
  return withCredentials(storage, current);
}
