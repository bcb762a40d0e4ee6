import { eq } from 'drizzle-orm';
import { authorize } from '../../auth/policy.ts';
import { buckets } from '../../core/db/schema/index.ts';
import type { BucketRow } from '../../core/db/schema/index.ts';
import { validationError } from '../../core/errors.ts';
import { backendOf, bucketAudit, busy, readyBucket, scopeOf, storageFailure, toView } from './common.ts';
import type { BucketContext } from './common.ts';
import type { Bucket, BucketUpdate } from './schema.ts';

/**
 * Changes a bucket's settings: CORS (on the cluster too), its owner, and who may adopt it.
 */
export async function updateBucket(ctx: BucketContext, id: string, changes: BucketUpdate): Promise<Bucket> {
  const { db, storage } = ctx;
  const b = await readyBucket(ctx, id, 'bucket.create');
  // Naming who may adopt the bucket hands its credentials to them.
  if (changes.owner_reference || changes.adoptable_by)
    await authorize(ctx, 'bucket.reveal_credentials', scopeOf(b));
  const set: Partial<Pick<BucketRow, 'corsAllowAll' | 'ownerReference' | 'adoptableBy'>> = {};
  const driver = storage.driver(b.cluster);
  if (changes.cors_allow_all !== undefined) {
    if (changes.cors_allow_all && !driver.supportsCors) {
      throw validationError([
        {
          attr: 'cors_allow_all',
          code: 'not_supported',
          detail: `The storage cluster of region ${b.region} (${backendOf(storage, b.cluster)}) cannot set CORS rules.`,
        },
      ]);
    }
    set.corsAllowAll = changes.cors_allow_all;
  }
  if (changes.owner_reference !== undefined) set.ownerReference = changes.owner_reference;
  if (changes.adoptable_by !== undefined) set.adoptableBy = changes.adoptable_by;
  if (Object.keys(set).length === 0) return toView(storage, b);
  // Row, entry and the cluster's CORS rules in one transaction, the cluster last: a failed entry
  // leaves the cluster untouched, a failed cluster call leaves neither row nor entry.
  const updated = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(buckets).where(eq(buckets.id, id)).for('update');
    if (before?.state !== 'ready') throw busy();
    const [after] = await tx.update(buckets).set(set).where(eq(buckets.id, id)).returning();
    // Old and new values: an owner or a release decides who gets the bucket's credentials.
    const fields = [
      ['cors_allow_all', before.corsAllowAll, after!.corsAllowAll],
      ['owner_reference', before.ownerReference ?? null, after!.ownerReference ?? null],
      ['adoptable_by', before.adoptableBy ?? null, after!.adoptableBy ?? null],
    ] as const;
    const changed = fields.filter(([, was, is]) => JSON.stringify(was) !== JSON.stringify(is));
    if (changed.length > 0)
      await bucketAudit(tx, ctx, 'bucket.updated', after!, {
        changed: changed.map(([name]) => name),
        ...Object.fromEntries(
          changed.flatMap(([name, was, is]) => [
            [`previous_${name}`, was],
            [name, is],
          ]),
        ),
      });
    if (set.corsAllowAll !== undefined) {
      try {
        await driver.setCorsAllowAll(b.name, set.corsAllowAll);
      } catch (err) {
        throw storageFailure(err);
      }
    }
    return after!;
  });
  return toView(storage, updated);
}
