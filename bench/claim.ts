/**
 * `npm run bench:claim`: what one job claim costs the pool that makes it, on real PostgreSQL,
 * with the queues a slow or dead webhook receiver leaves behind (docs/events.md, "A slow receiver
 * delays nobody else"; ADR 0004).
 *
 * Each scenario gets a fresh database with every migration: one tenant with 8 jobs running (at a
 * limit of 8) and `due` jobs waiting, `later` retries of another tenant queued for the future,
 * and `tenants` more tenants with one job queued for later each. Then, from the API's side (the
 * round trip included), the mean of BENCH_CLAIM_ROUNDS (300) claims of each kind a delivery pool
 * makes: a tenant-idle claim and a limited one with nothing they may take, and a limited one that
 * finds the one due job of a third tenant (put back after each).
 */
import postgres from 'postgres';
import { openDatabase } from '../api/src/core/db/client.ts';
import { claim } from '../api/src/core/jobs/claim.ts';
import { startPostgresServer } from '../api/src/test/postgres-server.ts';

const ROUNDS = Number(process.env.BENCH_CLAIM_ROUNDS ?? 300);
const KINDS = ['webhook.deliver'];
const SCENARIOS = [
  { due: 0, later: 0, tenants: 0 },
  { due: 10_000, later: 0, tenants: 0 },
  { due: 50_000, later: 0, tenants: 0 },
  { due: 0, later: 50_000, tenants: 0 },
  { due: 800, later: 0, tenants: 100 },
  { due: 800, later: 0, tenants: 1_000 },
];

async function scenario(
  createDatabase: () => Promise<string>,
  s: (typeof SCENARIOS)[number],
): Promise<number[]> {
  const url = await createDatabase();
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await handle.migrate();
    const [busy, dead, other] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const jobs = (tenant: string | null, n: number, state: string, runAt: string, lease: string) =>
      sql.unsafe(
        `insert into jobs (kind, key, tenant, state, run_at, lease_until, attempts)
         select $1, gen_random_uuid()::text, coalesce($2::uuid, gen_random_uuid()), $3::job_state,
           ${runAt}, ${lease}, 1 from generate_series(1, $4::integer) g`,
        [KINDS[0]!, tenant, state, n],
      );
    await jobs(busy, 8, 'running', `now() - interval '1 hour'`, `now() + interval '1 hour'`);
    await jobs(busy, s.due, 'queued', `now() - interval '30 minutes' + g * interval '1 ms'`, 'null');
    await jobs(dead, s.later, 'queued', `now() + interval '5 minutes' + g * interval '1 ms'`, 'null');
    await jobs(null, s.tenants, 'queued', `now() + interval '10 minutes'`, 'null');
    await sql`vacuum analyze jobs`;
    const owner = crypto.randomUUID();
    const mean = async (one: () => Promise<unknown>) => {
      for (let i = 0; i < 10; i++) await one();
      const start = performance.now();
      for (let i = 0; i < ROUNDS; i++) await one();
      return (performance.now() - start) / ROUNDS;
    };
    const idle = await mean(() => claim(handle.db, owner, 30, { kinds: KINDS, swept: true, idleOnly: true }));
    const limited = () => claim(handle.db, owner, 30, { kinds: KINDS, swept: true, tenantLimit: 8 });
    const none = await mean(limited);
    await jobs(other, 1, 'queued', `now() - interval '1 second'`, 'null');
    const found = await mean(async () => {
      const lease = await limited();
      if (lease?.job.tenant !== other)
        throw new Error('the limited claim did not find the idle tenant’s job');
      await sql`update jobs set state = 'queued', lease_until = null where id = ${lease.job.id}`;
    });
    return [idle, none, found];
  } finally {
    await sql.end({ timeout: 2 });
    await handle.close();
  }
}

const pg = await startPostgresServer();
try {
  console.log(`bench:claim — mean of ${ROUNDS} claims each, from the API's side (round trip included)\n`);
  console.log(
    'due (tenant at limit)'.padEnd(22),
    'due later'.padStart(10),
    'tenants'.padStart(8),
    'idle, none'.padStart(12),
    'limited, none'.padStart(14),
    'limited, found'.padStart(15),
  );
  for (const s of SCENARIOS) {
    const [idle, none, found] = await scenario(() => pg.createDatabase('bench_claim'), s);
    const ms = (v: number | undefined) => `${v!.toFixed(2)} ms`;
    console.log(
      String(s.due).padEnd(22),
      String(s.later).padStart(10),
      String(s.tenants).padStart(8),
      ms(idle).padStart(12),
      ms(none).padStart(14),
      ms(found).padStart(15),
    );
  }
} finally {
  await pg.destroy();
}
