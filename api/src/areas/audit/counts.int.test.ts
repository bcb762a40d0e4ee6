import { readFileSync } from 'node:fs';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import postgres from 'postgres';
import { beforeAll, expect, it } from 'vitest';
import { freshDatabaseUrl } from '../../test/databases.ts';
import { describeOnEachDatabase } from '../../test/world.ts';
import type { Actor } from '../../test/world.ts';
import { auditLog, auditLogCounts, NO_ORGANIZATION } from '../../core/db/schema/index.ts';

/**
 * An unfiltered audit-log page takes its `count` from `audit_log_counts`, kept by triggers
 * (migrations 0010, 0015), also when narrowed by event. What a reader sees must equal a count of the log itself, whatever happened to it.
 */
describeOnEachDatabase('audit-log counts', (w, { database }) => {
  let superAdmin: Actor;
  let orgs: { id: string; admin: Actor }[];

  beforeAll(async () => {
    superAdmin = await w.user({ superuser: true });
    orgs = [];
    for (let i = 0; i < 3; i++) {
      const t = await w.tenant();
      orgs.push({ id: t.org.id, admin: t.orgAdmin });
    }
  });

  const truth = async (where?: SQL) => {
    const [row] = await database.db
      .select({ n: sql`count(*)`.mapWith(Number) })
      .from(auditLog)
      .where(where);
    return row!.n;
  };
  const listed = async (token: string, query = '') =>
    (await w.expectStatus(200, 'GET', `/api/v1/audit-log/?page_size=1${query}`, { token })).count as number;
  const entries = (orgId: string | null, n: number, event = 'organization.member.added') =>
    Array.from({ length: n }, () => ({ event, organizationId: orgId, requestId: 'counts-test' }));

  /** Every reader's unfiltered count, and a filtered one, against the log itself. */
  async function expectCountsTrue(): Promise<void> {
    expect(await listed(superAdmin.token), 'Super Admin, whole log').toBe(await truth());
    // The ID entries without an organization are counted under is no organization to filter by.
    expect(await listed(superAdmin.token, `&organization=${NO_ORGANIZATION}`)).toBe(0);
    for (const o of orgs) {
      const own = eq(auditLog.organizationId, o.id);
      expect(await listed(o.admin.token), 'Org Admin').toBe(await truth(own));
      expect(await listed(superAdmin.token, `&organization=${o.id}`), '?organization=').toBe(
        await truth(own),
      );
      // An event, or events left out (the web UI hides key use), are kept counts too.
      expect(await listed(o.admin.token, '&event=bucket.imported')).toBe(
        await truth(and(own, eq(auditLog.event, 'bucket.imported'))),
      );
      expect(await listed(o.admin.token, '&exclude_event=api_key.used,organization.member.added')).toBe(
        await truth(and(own, notInArray(auditLog.event, ['api_key.used', 'organization.member.added']))),
      );
      // Any other filter counts the log itself.
      expect(await listed(o.admin.token, `&actor=${o.admin.id}&exclude_event=api_key.used`)).toBe(
        await truth(
          and(own, eq(auditLog.actorUserId, o.admin.id), notInArray(auditLog.event, ['api_key.used'])),
        ),
      );
    }
  }

  it('match the log through inserts of one and many rows, deletes, a rollback and a truncate', async () => {
    const [a, b] = orgs as [(typeof orgs)[number], (typeof orgs)[number]];
    await database.db.insert(auditLog).values(entries(a.id, 7));
    await database.db
      .insert(auditLog)
      .values([...entries(b.id, 3), ...entries(null, 4), ...entries(a.id, 2)]);
    await database.db.insert(auditLog).values(entries(b.id, 5, 'bucket.imported'));
    await expectCountsTrue();
    expect(await listed(a.admin.token)).toBe(9);

    // An entry written in a transaction that rolls back is not counted.
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(auditLog).values(entries(a.id, 6));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await listed(a.admin.token)).toBe(9);

    await database.db.delete(auditLog).where(inArray(auditLog.organizationId, [a.id, b.id]));
    await expectCountsTrue();
    expect(await listed(a.admin.token)).toBe(0);

    await database.db.insert(auditLog).values(entries(a.id, 2));
    await database.db.execute(sql`truncate ${auditLog}`);
    await expectCountsTrue();
    expect(await listed(superAdmin.token)).toBe(0);

    // Entries the API writes itself: a failed login (no organization) and a member added.
    await w.call('POST', '/api/login/', { body: { username: 'nobody-here', password: 'wrong-password-1' } });
    const member = await w.user();
    await w.expectStatus(201, 'POST', `/api/v1/organizations/${a.id}/members/`, {
      token: a.admin.token,
      body: { username: member.username, role: 'viewer' },
    });
    await expectCountsTrue();
    expect(await listed(superAdmin.token)).toBeGreaterThanOrEqual(2);
  });

  it('counts entries written before the migration (its backfill), once', async () => {
    await database.db.insert(auditLog).values([...entries(orgs[2]!.id, 3), ...entries(null, 2)]);
    // As before migration 0015 (which counts by event): no counts; then its last statement, the backfill.
    await database.db.delete(auditLogCounts);
    // The pages the web UI shows by default (key use hidden) read the kept counts, not the log.
    expect(await listed(orgs[2]!.admin.token, '&exclude_event=api_key.used')).toBe(0);
    const migration = readFileSync(
      new URL('../../../drizzle/0015_audit_log_counts_by_event.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    expect(backfill).toContain('INSERT INTO "audit_log_counts"');
    await database.db.execute(sql.raw(backfill));
    await expectCountsTrue();
  });
});

it('audit-log counts stay exact with many PostgreSQL connections writing at once', async () => {
  // Connections of their own, as replicas and the API's pool write: each adds to its own shard.
  const url = await freshDatabaseUrl();
  const scratch = await (
    await import('../../core/db/client.ts')
  ).openDatabase({
    kind: 'postgres',
    url,
    poolSize: 1,
  });
  await scratch.migrate();
  await scratch.close();
  const clients = Array.from({ length: 8 }, () => postgres(url, { max: 1, onnotice: () => {} }));
  try {
    const org = '11111111-1111-4111-8111-111111111111';
    await Promise.all(
      clients.map(async (c, i) => {
        for (let round = 0; round < 25; round++) {
          await c
            .begin(async (tx) => {
              await tx`insert into audit_log (event, organization_id, request_id)
              select 'x', ${round % 2 ? org : null}::uuid, 'concurrent' from generate_series(1, ${1 + (i % 3)})`;
              if (round % 5 === 4) throw new Error('rolled back');
            })
            .catch((err: Error) => {
              if (err.message !== 'rolled back') throw err;
            });
        }
      }),
    );
    const c = clients[0]!;
    const [counted] = await c`select coalesce(sum(entries), 0)::int as n from audit_log_counts`;
    const [real] = await c`select count(*)::int as n from audit_log`;
    const [countedOrg] =
      await c`select coalesce(sum(entries), 0)::int as n from audit_log_counts where organization_id = ${org}`;
    const [realOrg] = await c`select count(*)::int as n from audit_log where organization_id = ${org}`;
    expect(real!.n).toBeGreaterThan(0);
    expect([counted!.n, countedOrg!.n]).toEqual([real!.n, realOrg!.n]);
    const [shards] = await c`select count(distinct shard)::int as n from audit_log_counts`;
    expect(shards!.n).toBeGreaterThan(1);
  } finally {
    await Promise.all(clients.map((c) => c.end({ timeout: 2 })));
  }
});
