import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { API_ENTRY, REPO_ROOT, startApiProcess, TEST_KEYS } from '../src/test/api-process.ts';
import type { ApiProcess } from '../src/test/api-process.ts';
import { freshDatabaseUrl } from '../src/test/databases.ts';
import { freePort, startPostgresServer } from '../src/test/postgres-server.ts';
import { eventually } from '../src/test/eventually.ts';

/** The API as its users run it: `node api/src/index.ts` with environment variables. */
describe('the API process', () => {
  const running: ApiProcess[] = [];
  const dirs: string[] = [];
  const tempDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'plinth-data-'));
    dirs.push(d);
    return d;
  };
  // Each process gets its own data directory unless the test shares one.
  const start = async (env: Record<string, string>) => {
    const p = await startApiProcess({ PLINTH_DATA_DIR: tempDir(), ...env });
    running.push(p);
    return p;
  };
  afterAll(async () => {
    await Promise.all(running.map((p) => p.stop('SIGKILL')));
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('refuses bad configuration with one line naming the variable and a non-zero exit', () => {
    const result = spawnSync(process.execPath, [API_ENTRY], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, PORT: 'abc' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trim().split('\n');
    expect(lines, result.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(/PORT must be an integer from 1 to 65535/);
  });

  it('keeps its data across restarts on the embedded database', async () => {
    const dataDir = tempDir();
    const first = await start({ PLINTH_DATA_DIR: dataDir });
    await first.waitReady();
    expect(await first.stop()).toBe(0);
    expect(first.output()).toContain('"msg":"stopped"');

    const password = readFileSync(join(dataDir, 'bootstrap-admin-password'), 'utf8').trim();
    expect(password).toMatch(/^[A-Za-z0-9]{24}$/);

    const second = await start({ PLINTH_DATA_DIR: dataDir });
    await second.waitReady();
    // Same admin, same generated keys: nothing was created anew, and the admin can sign in.
    expect(second.output()).not.toContain('first Super Admin');
    expect(second.output()).not.toContain('generated PLINTH_ENCRYPTION_KEY');
    const login = await fetch(`${second.url}/api/login/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    });
    expect(login.status).toBe(200);
    expect(await second.stop()).toBe(0);
  });

  // The harness: a process ended by a signal has no exit code, and was once waited for a minute.
  it('is said to have been killed, not waited for, when a signal ended it', async () => {
    const p = await start({});
    await p.waitReady();
    p.child.kill('SIGKILL');
    await p.exited;
    await expect(p.waitReady()).rejects.toThrow(/the API killed by SIGKILL/);
  });

  it('refuses to open an embedded data directory another process is using', async () => {
    const dataDir = tempDir();
    const owner = await start({ PLINTH_DATA_DIR: dataDir });
    await owner.waitReady();
    const intruder = await start({ PLINTH_DATA_DIR: dataDir });
    // The same one line and exit code as a bad variable, no stack.
    expect(await intruder.exited).toBe(2);
    expect(intruder.output()).toBe(
      `plinth-api: data directory ${dataDir} is in use by process ${owner.child.pid}; stop it or use another PLINTH_DATA_DIR\n`,
    );
    expect((await fetch(`${owner.url}/readyz`)).status).toBe(200);
    await owner.stop();
  });

  for (const variable of ['PORT', 'PLINTH_METRICS_PORT'] as const) {
    it(`refuses a busy ${variable} with one line and exit code 2, creating nothing`, async () => {
      const blocker = createServer();
      await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
      const port = (blocker.address() as AddressInfo).port;
      try {
        const dataDir = join(tempDir(), 'not-yet');
        const p = await start({
          PLINTH_DATA_DIR: dataDir,
          HOST: '127.0.0.1',
          PLINTH_METRICS_HOST: '127.0.0.1',
          [variable]: String(port),
        });
        expect(await p.exited).toBe(2);
        expect(p.output()).toBe(
          `plinth-api: ${variable} ${port} (on 127.0.0.1) is already in use; stop the process using it or set another ${variable}\n`,
        );
        expect(existsSync(dataDir)).toBe(false);
      } finally {
        await new Promise((resolve) => blocker.close(resolve));
      }
    });
  }

  it('says which host and port it cannot reach while the database is down, never the password', async () => {
    const port = await freePort();
    const p = await start({
      DATABASE_URL: `postgres://plinth:hunter2-secret@127.0.0.1:${port}/plinth?sslmode=disable`,
      ...TEST_KEYS,
    });
    await eventually('a "database not ready" line', () => p.output().includes('database not ready'), {
      timeoutMs: 20_000,
      diagnostics: () => p.output(),
    });
    const line = p
      .output()
      .split('\n')
      .find((l) => l.includes('database not ready'));
    expect(line, p.output()).toContain(`database not ready (PostgreSQL at 127.0.0.1:${port}); retrying`);
    expect(p.output()).not.toContain('hunter2-secret');
    expect(p.child.exitCode).toBeNull();
    expect(await p.stop()).toBe(0);
  });

  it('starts two replicas on one PostgreSQL database at the same time without a migration error', async () => {
    const url = await freshDatabaseUrl();
    const env = { DATABASE_URL: url, ...TEST_KEYS };
    const [a, b] = await Promise.all([start(env), start(env)]);
    await Promise.all([a.waitReady(), b.waitReady()]);
    const output = a.output() + b.output();
    expect(output).not.toContain('database not ready');
    expect(output).not.toMatch(/"level":"(error|fatal)"/);
    expect(output.match(/created the first Super Admin/g) ?? []).toHaveLength(1);
    expect(await a.stop()).toBe(0);
    expect(await b.stop()).toBe(0);
  });

  it('turns /readyz 503 while PostgreSQL is down (metrics still scrape) and 200 again when it is back, without a restart', async () => {
    const pg = await startPostgresServer();
    try {
      const api = await start({ DATABASE_URL: await pg.createDatabase(), ...TEST_KEYS });
      await api.waitReady(200);
      await pg.stop();
      await api.waitReady(503, 15_000);
      const body = (await (await fetch(`${api.url}/readyz`)).json()) as { checks: { database: string } };
      expect(body.checks.database).toBe('unreachable');
      expect((await fetch(`${api.url}/healthz`)).status).toBe(200);
      // Metrics still scrape (so an alert on the API being down does not fire for the database),
      // without the usage series that come from it.
      const metrics = await fetch(`${api.metricsUrl}/metrics`);
      expect(metrics.status).toBe(200);
      const text = await metrics.text();
      expect(text).toContain('plinth_process_resident_memory_bytes');
      expect(text).not.toMatch(/^plinth_region_buckets\{/m);
      await pg.start();
      await api.waitReady(200, 30_000);
      expect(api.child.exitCode).toBeNull();
      expect(await api.stop()).toBe(0);
    } finally {
      await pg.destroy();
    }
  });

  it("serves /metrics on its own listener only: 404 on the API's port, tenant series on the metrics port", async () => {
    const url = await freshDatabaseUrl();
    const metricsPort = await freePort();
    const p = await start({
      DATABASE_URL: url,
      ...TEST_KEYS,
      PLINTH_METRICS_PORT: String(metricsPort),
      PLINTH_METRICS_HOST: '127.0.0.1',
    });
    await p.waitReady();
    // A ready bucket with usage, as the usage job leaves it.
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const [org] = await sql`insert into organizations (slug, name) values ('acme', 'Acme') returning id`;
      const [ws] =
        await sql`insert into workspaces (organization_id, name) values (${org!.id}, 'prod') returning id`;
      await sql`insert into buckets (name, region, cluster, organization_id, workspace_id, state, access_key_id,
          secret_sealed, usage_bytes, usage_objects)
        values ('acme-payroll-backups', 'eu-central', 'minio', ${org!.id}, ${ws!.id}, 'ready', 'ak', 'v1:x',
          123456789, 3)`;
    } finally {
      await sql.end();
    }
    const pub = await fetch(`${p.url}/metrics`);
    expect(pub.status).toBe(404);
    expect(await pub.text()).not.toContain('acme-payroll-backups');
    const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain(
      'plinth_bucket_usage_bytes{bucket="acme-payroll-backups",region="eu-central"} 123456789',
    );
    // The metrics listener serves nothing else.
    expect((await fetch(`http://127.0.0.1:${metricsPort}/api/v1/schema/`)).status).toBe(404);
    expect(await p.stop()).toBe(0);
  });

  it('refuses a key revoked through one replica on the very next request to the other', async () => {
    const env = {
      DATABASE_URL: await freshDatabaseUrl(),
      ...TEST_KEYS,
      PLINTH_BOOTSTRAP_ADMIN_PASSWORD: 'replica-admin-password',
    };
    const [a, b] = await Promise.all([start(env), start(env)]);
    await Promise.all([a.waitReady(), b.waitReady()]);
    const admin = await api(a, 'POST', '/api/login/', undefined, {
      username: 'admin',
      password: 'replica-admin-password',
    });
    const key = await api(a, 'POST', '/api/v1/users/me/api-keys/', admin.token, { name: 'shared' });
    expect((await raw(b, 'GET', '/api/v1/organizations/', key.token)).status).toBe(200);
    expect((await raw(a, 'DELETE', `/api/v1/users/me/api-keys/${key.id}/`, admin.token)).status).toBe(204);
    const refused = await raw(b, 'GET', '/api/v1/organizations/', key.token);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { code: string }).code).toBe('token_revoked');
  });

  it('writes every buffered "key used" audit entry before exiting on SIGTERM', async () => {
    const url = await freshDatabaseUrl();
    const p = await start({
      DATABASE_URL: url,
      ...TEST_KEYS,
      PLINTH_BOOTSTRAP_ADMIN_PASSWORD: 'flush-admin-password',
    });
    await p.waitReady();
    const admin = await api(p, 'POST', '/api/login/', undefined, {
      username: 'admin',
      password: 'flush-admin-password',
    });
    const key = await api(p, 'POST', '/api/v1/users/me/api-keys/', admin.token, { name: 'burst' });
    const uses = 120;
    await Promise.all(Array.from({ length: uses }, () => raw(p, 'GET', '/api/v1/organizations/', key.token)));
    expect(await p.stop('SIGTERM')).toBe(0);
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const [row] =
        await sql`select count(*)::int as n from audit_log where event = 'api_key.used' and api_key_id = ${key.id}`;
      expect(row!.n).toBe(uses);
      const [used] = await sql`select last_used_at from api_keys where id = ${key.id}`;
      expect(used!.last_used_at).not.toBeNull();
    } finally {
      await sql.end();
    }
  });

  it('keeps every security entry whose request was answered, even when killed with SIGKILL right after', async () => {
    const url = await freshDatabaseUrl();
    const env = { DATABASE_URL: url, ...TEST_KEYS, PLINTH_BOOTSTRAP_ADMIN_PASSWORD: 'kill-admin-password' };
    const p = await start(env);
    await p.waitReady();
    const admin = await api(p, 'POST', '/api/login/', undefined, {
      username: 'admin',
      password: 'kill-admin-password',
    });
    const key = await api(p, 'POST', '/api/v1/users/me/api-keys/', admin.token, { name: 'doomed' });
    expect((await raw(p, 'DELETE', `/api/v1/users/me/api-keys/${key.id}/`, admin.token)).status).toBe(204);
    const org = await api(p, 'POST', '/api/v1/organizations/', admin.token, {
      slug: 'killed',
      name: 'Killed',
    });
    const refused = await raw(p, 'POST', '/api/login/', undefined, { username: 'admin', password: 'wrong' });
    expect(refused.status).toBe(401);
    // No graceful shutdown: whatever was only in memory is lost now.
    await p.stop('SIGKILL');
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const rows = await sql<{ event: string }[]>`select event from audit_log order by id`;
      const events = rows.map((r) => r.event);
      for (const event of [
        'login.succeeded',
        'api_key.created',
        'api_key.revoked',
        'organization.created',
        'login.failed',
      ]) {
        expect(events, `${event} after SIGKILL`).toContain(event);
      }
      const [created] =
        await sql`select count(*)::int as n from audit_log where event = 'organization.created' and organization_id = ${org.id as string}`;
      expect(created!.n).toBe(1);
    } finally {
      await sql.end();
    }
  });

  it('never logs a generated first-admin password when not interactive; it is in a 0600 file instead', async () => {
    const dataDir = tempDir();
    const p = await start({ PLINTH_DATA_DIR: dataDir });
    await p.waitReady();
    expect(p.output()).not.toMatch(/generated password/);
    const file = join(dataDir, 'bootstrap-admin-password');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const password = readFileSync(file, 'utf8').trim();
    expect(password).toMatch(/^[A-Za-z0-9]{24}$/);
    await p.waitForOutput(file);
    expect(p.output()).not.toContain(password);
    expect((await raw(p, 'POST', '/api/login/', undefined, { username: 'admin', password })).status).toBe(
      200,
    );
    expect(await p.stop()).toBe(0);
    expect(p.output()).not.toContain(password);
  });

  it('stays under the chart memory limit through 200 concurrent failed logins, still serving others', async () => {
    const values = parse(readFileSync(join(REPO_ROOT, 'charts/plinth/values.yaml'), 'utf8')) as {
      api: { resources: { limits: { memory: string } } };
    };
    const limitText = values.api.resources.limits.memory;
    const limit = Number(/^(\d+)Mi$/.exec(limitText)![1]) * 1024 * 1024;
    const p = await start({
      DATABASE_URL: await freshDatabaseUrl(),
      ...TEST_KEYS,
      PLINTH_BOOTSTRAP_ADMIN_PASSWORD: 'memory-admin-password',
      PLINTH_TRUST_PROXY: 'true',
    });
    await p.waitReady();
    const admin = await api(p, 'POST', '/api/login/', undefined, {
      username: 'admin',
      password: 'memory-admin-password',
    });
    const pid = p.child.pid!;
    let peak = 0;
    const sample = () => {
      const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (kb) peak = Math.max(peak, Number(kb[1]) * 1024);
    };
    sample();
    const idle = peak;
    const sampler = setInterval(sample, 10);
    let flooding = true;
    const others: string[] = [];
    // An authenticated request and /readyz, again and again while the flood lasts (three rounds at least).
    const serving = (async () => {
      for (let round = 0; flooding || round < 3; round++) {
        const orgs = await raw(p, 'GET', '/api/v1/organizations/', admin.token);
        const ready = await fetch(`${p.url}/readyz`);
        others.push(`organizations ${orgs.status}`, `readyz ${ready.status}`);
      }
    })();
    // Every login from its own address for a name of its own: no throttle stops them early.
    const flood = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        raw(
          p,
          'POST',
          '/api/login/',
          undefined,
          { username: `nobody-${randomUUID()}`, password: 'a-wrong-password' },
          { 'X-Forwarded-For': `10.${Math.floor(i / 250)}.${i % 250}.7` },
        ).then(async (r) => ({ status: r.status, code: ((await r.json()) as { code: string }).code })),
      ),
    );
    flooding = false;
    await serving;
    clearInterval(sampler);
    sample();
    const statuses = flood.map((r) => `${r.status} ${r.code}`);
    const summary = `idle ${(idle / 2 ** 20).toFixed(0)} MiB, peak ${(peak / 2 ** 20).toFixed(0)} MiB, limit ${limitText}; ${JSON.stringify(Object.fromEntries([...new Set(statuses)].map((s) => [s, statuses.filter((x) => x === s).length])))}`;
    console.log(summary);
    expect(
      statuses.filter((s) => !/^(401 authentication_failed|503 password_hashing_busy)$/.test(s)),
    ).toEqual([]);
    expect(
      others.filter((o) => !o.endsWith(' 200')),
      summary,
    ).toEqual([]);
    expect(peak, summary).toBeLessThan(limit);
    expect(await p.stop()).toBe(0);
  });

  it('never writes tokens, keys or passwords to its logs, even at debug level', async () => {
    const password = 'log-test-admin-password';
    const api1 = await start({
      PLINTH_DATA_DIR: tempDir(),
      PLINTH_BOOTSTRAP_ADMIN_PASSWORD: password,
      LOG_LEVEL: 'debug',
    });
    await api1.waitReady();
    await raw(api1, 'POST', '/api/login/', undefined, {
      username: 'admin',
      password: 'a-wrong-password-guess',
    });
    const admin = await api(api1, 'POST', '/api/login/', undefined, { username: 'admin', password });
    const key = await api(api1, 'POST', '/api/v1/users/me/api-keys/', admin.token, { name: 'lifecycle' });
    const org = await api(api1, 'POST', '/api/v1/organizations/', key.token, {
      slug: 'log-test',
      name: 'Log test',
    });
    const orgKey = await api(api1, 'POST', `/api/v1/organizations/${org.id}/api-keys/`, admin.token, {
      name: 'op',
      role: 'admin',
    });
    await raw(api1, 'GET', '/api/v1/workspaces/', orgKey.token);
    await raw(api1, 'GET', '/api/v1/workspaces/', `${key.token}x`);
    await raw(api1, 'DELETE', `/api/v1/users/me/api-keys/${key.id}/`, admin.token);
    await raw(api1, 'GET', '/api/v1/workspaces/', key.token);
    await raw(api1, 'GET', '/api/v1/workspaces/', undefined, undefined, {
      Authorization: `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`,
    });
    expect(await api1.stop()).toBe(0);
    const logs = api1.output();
    expect(logs).toContain('"route":"/api/v1/users/me/api-keys/"');
    for (const secret of [
      key.token,
      orgKey.token,
      admin.token,
      password,
      'a-wrong-password-guess',
      Buffer.from(`admin:${password}`).toString('base64'),
    ]) {
      expect(logs.includes(secret), `a secret (${secret.slice(0, 6)}…) appears in the logs`).toBe(false);
    }
  });
});

async function raw(
  p: ApiProcess,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return fetch(`${p.url}${path}`, {
    method,
    headers: {
      ...(token && { Authorization: `Bearer ${token}` }),
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function api(
  p: ApiProcess,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<any> {
  const res = await raw(p, method, path, token, body);
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path} -> ${res.status} ${text}`);
  return JSON.parse(text);
}
