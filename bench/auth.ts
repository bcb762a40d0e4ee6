/**
 * `npm run bench:auth`: the cost of authentication on a real PostgreSQL server.
 *
 * Starts PostgreSQL and the API as production runs it, creates an organization with 60 workspaces,
 * a user API key and a login token, then loads `GET /api/v1/workspaces/?page_size=50` (50 items per
 * response) with the key and with the login token, and the public `GET /healthz`, at full speed;
 * then the key-authenticated list at a fixed 300 requests/s for latency. Every key-authenticated
 * request also writes its "API key used" audit entry (batched), as in production.
 *
 * Targets: key-authenticated list ≥ 50% of the public route's throughput (judged against
 * `/healthz`; `/api/v1/schema/`, a public API route with a response of similar size, is printed
 * beside it); p99 < 25 ms at 300 req/s.
 */
import { startApiProcess, TEST_KEYS } from '../api/src/test/api-process.ts';
import { startPostgresServer } from '../api/src/test/postgres-server.ts';
import { load, printTable } from './http.ts';

const PASSWORD = 'bench-admin-password';

async function call(
  base: string,
  method: string,
  path: string,
  token: string | undefined,
  body?: unknown,
): Promise<any> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token && { Authorization: `Bearer ${token}` }),
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${method} ${path} -> ${res.status} ${await res.text()}`);
  return res.json();
}

async function main(): Promise<void> {
  const pg = await startPostgresServer();
  const api = await startApiProcess({
    DATABASE_URL: await pg.createDatabase('bench'),
    ...TEST_KEYS,
    PLINTH_BOOTSTRAP_ADMIN_PASSWORD: PASSWORD,
    PLINTH_LOGIN_TOKEN_TTL_SECONDS: '3600',
    LOG_LEVEL: 'warn',
  });
  try {
    await api.waitReady();
    const pid = api.child.pid!;
    const login = await call(api.url, 'POST', '/api/login/', undefined, {
      username: 'admin',
      password: PASSWORD,
    });
    const org = await call(api.url, 'POST', '/api/v1/organizations/', login.token, {
      slug: 'bench',
      name: 'Bench',
    });
    for (let i = 0; i < 60; i++) {
      await call(api.url, 'POST', '/api/v1/workspaces/', login.token, {
        organization: org.id,
        name: `ws-${String(i).padStart(2, '0')}`,
      });
    }
    const key = await call(api.url, 'POST', '/api/v1/users/me/api-keys/', login.token, { name: 'bench' });
    const list = `${api.url}/api/v1/workspaces/?page_size=50`;
    const page = await call(api.url, 'GET', '/api/v1/workspaces/?page_size=50', key.token);
    if (page.results.length !== 50 || page.count !== 60) throw new Error('unexpected list page');

    await load('warm-up', list, pid, { duration: 3, headers: { Authorization: `Bearer ${key.token}` } });
    const pub = await load('GET /healthz (public)', `${api.url}/healthz`, pid);
    const schema = await load('GET /api/v1/schema/ (public)', `${api.url}/api/v1/schema/`, pid);
    const withKey = await load('GET workspaces ?page_size=50, API key', list, pid, {
      headers: { Authorization: `Bearer ${key.token}` },
    });
    const withJwt = await load('GET workspaces ?page_size=50, login token', list, pid, {
      headers: { Authorization: `Bearer ${login.token}` },
    });
    const paced = await load('… API key at 300 req/s', list, pid, {
      headers: { Authorization: `Bearer ${key.token}` },
      connections: 10,
      overallRate: 300,
    });

    console.log('\nbench:auth — real PostgreSQL, 60 workspaces, 50 per page\n');
    printTable([pub.result, schema.result, withKey.result, withJwt.result, paced.result]);
    const ratio = withKey.result.rps / pub.result.rps;
    const ratioSchema = withKey.result.rps / schema.result.rps;
    console.log(`\nAPI-key list / public /healthz throughput: ${(ratio * 100).toFixed(0)}% (target ≥ 50%)`);
    console.log(
      `API-key list / public /api/v1/schema/ throughput: ${(ratioSchema * 100).toFixed(0)}% (for reference)`,
    );
    console.log(`API-key list p99 at 300 req/s: ${paced.result.p99} ms (target < 25 ms)`);
    const peak = Math.max(pub.peakRss, withKey.peakRss, withJwt.peakRss, paced.peakRss);
    console.log(`server peak RSS: ${peak.toFixed(0)} MB`);
    const failures: string[] = [];
    for (const r of [pub.result, withKey.result, withJwt.result, paced.result]) {
      if (r.errors + r.non2xx > 0) failures.push(`${r.name} had ${r.errors + r.non2xx} errors`);
    }
    if (ratio < 0.5) failures.push('throughput ratio below 50%');
    if (paced.result.p99 >= 25) failures.push('p99 at 300 req/s not under 25 ms');
    if (failures.length > 0) {
      console.log(`\nMISSED: ${failures.join('; ')}`);
      process.exitCode = 1;
    } else console.log('\nall targets met');
  } finally {
    await api.stop();
    await pg.destroy();
  }
}

await main();
