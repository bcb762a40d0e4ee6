import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttp } from 'node:http';
import type { Server } from 'node:http';
import { createServer as createHttps } from 'node:https';
import { createServer as createTcp } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idsOnDisk, startAgentProcess } from '../agent/src/test/agent-process.ts';
import type { AgentProcess } from '../agent/src/test/agent-process.ts';
import { selfSignedCertificate } from '../agent/src/test/tls-cert.ts';
import { jsonRequest, startApiProcess, TEST_KEYS } from '../api/src/test/api-process.ts';
import type { ApiProcess } from '../api/src/test/api-process.ts';
import { freshDatabaseUrl } from '../api/src/test/databases.ts';
import { startDnsServer } from '../api/src/test/dnsmasq-server.ts';
import type { DnsServer } from '../api/src/test/dnsmasq-server.ts';
import { eventually } from '../api/src/test/eventually.ts';

/**
 * The agent program (agent/) against the real API on PostgreSQL, two of them in two locations,
 * checking real loopback targets of every kind: a 200, a 500, one too slow, one that closes the
 * socket, a TLS server whose certificate expires in three days, a TCP banner, and dnsmasq. The API
 * is frozen (SIGSTOP) while one agent is killed with SIGKILL and started again, then stopped and
 * started again: every check made is stored, once.
 */
const FREQUENCY = 10;
const ADMIN = { username: 'admin', password: 'e2e-monitoring-admin-password' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('monitoring agents against the real API', () => {
  let dir: string;
  let databaseUrl: string;
  let api: ApiProcess;
  let sql: postgres.Sql;
  let dns: DnsServer;
  const servers: Server[] = [];
  const agents = new Map<string, { token: string; id: string; process?: AgentProcess; dir: string }>();
  const endpoints = new Map<string, string>();
  let cert: ReturnType<typeof selfSignedCertificate>;

  const listen = async (server: Server) => {
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return (server.address() as { port: number }).port;
  };
  const apiEnv = () => ({
    DATABASE_URL: databaseUrl,
    ...TEST_KEYS,
    PLINTH_DATA_DIR: join(dir, 'data'),
    PLINTH_BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
  });
  const startAgent = (location: string) => {
    const a = agents.get(location)!;
    a.process = startAgentProcess({
      PLINTH_API_URL: api.url,
      PLINTH_AGENT_TOKEN: a.token,
      PLINTH_AGENT_BUFFER_DIR: a.dir,
      LOG_LEVEL: 'warn',
    });
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'plinth-e2e-agents-'));
    cert = selfSignedCertificate(3);
    [databaseUrl, dns] = await Promise.all([
      freshDatabaseUrl(),
      startDnsServer({ a: { 'shop.plinth.test': ['192.0.2.10'] } }),
    ]);
    api = await startApiProcess(apiEnv());
    await api.waitReady();
    sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });

    const ok = await listen(createHttp((_req, res) => res.end('ok: all systems go')));
    const failing = await listen(
      createHttp((_req, res) => ((res.statusCode = 500), res.end('database is locked'))),
    );
    const slow = await listen(createHttp((_req, res) => void setTimeout(() => res.end('late'), 3000)));
    const closing = await listen(createHttp((req) => req.socket.destroy()));
    const tls = await listen(
      createHttps({ key: cert.key, cert: cert.cert }, (_req, res) => res.end('secure')),
    );
    const banner = createTcp((socket) => socket.end('SSH-2.0-plinth-test\r\n'));
    const tcp = await listen(banner as unknown as Server);

    const call = async (method: string, path: string, token: string | undefined, body?: unknown) => {
      const res = await jsonRequest(api.url, method, path, { token, body });
      if (res.status >= 300)
        throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    };
    const admin = (await call('POST', '/api/login/', undefined, ADMIN)).token as string;
    const org = (await call('POST', '/api/v1/organizations/', admin, { slug: 'shop', name: 'Shop' }))
      .id as string;
    const ws = (await call('POST', '/api/v1/workspaces/', admin, { organization: org, name: 'prod' }))
      .id as string;
    const endpoint = async (name: string, body: Record<string, unknown>) =>
      endpoints.set(
        name,
        (
          await call('POST', '/api/v1/endpoints/', admin, {
            workspace: ws,
            name,
            frequency_s: FREQUENCY,
            timeout_ms: 1000,
            alert: { failures: 2, successes: 1, min_locations: null },
            ...body,
          })
        ).id as string,
      );
    await endpoint('ok', {
      kind: 'http',
      target: `http://127.0.0.1:${ok}/healthz`,
      http: { body_match: 'all systems go' },
    });
    await endpoint('failing', { kind: 'http', target: `http://127.0.0.1:${failing}/` });
    await endpoint('slow', { kind: 'http', target: `http://127.0.0.1:${slow}/` });
    await endpoint('closing', { kind: 'http', target: `http://127.0.0.1:${closing}/` });
    await endpoint('tls', {
      kind: 'http',
      target: `https://127.0.0.1:${tls}/`,
      http: { insecure_skip_verify: true, tls_expiry_days: 14 },
    });
    await endpoint('banner', { kind: 'tcp', target: `127.0.0.1:${tcp}`, tcp: { banner_match: 'SSH-2.0' } });
    await endpoint('dns', {
      kind: 'dns',
      target: 'shop.plinth.test',
      dns: { record_type: 'A', expected: ['192.0.2.10'], server: dns.server },
    });
    for (const location of ['eu-central', 'us-east']) {
      const created = await call('POST', '/api/v1/agents/', admin, {
        organization: org,
        name: `probe-${location}`,
        location,
      });
      agents.set(location, {
        token: created.token as string,
        id: created.id as string,
        dir: join(dir, location),
      });
      startAgent(location);
    }
  });

  afterAll(async () => {
    for (const a of agents.values()) a.process?.child.kill('SIGKILL');
    await sql?.end({ timeout: 2 });
    await api?.stop();
    await dns?.stop();
    for (const s of servers) s.close();
    cert?.remove();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  type Row = {
    endpoint: string;
    agent: string;
    success: boolean;
    checked_at: Date;
    error_category: string | null;
    details: Record<string, unknown> | null;
  };
  const rows = () => sql<
    Row[]
  >`select endpoint_id as endpoint, agent_id as agent, success, checked_at, error_category, details
    from check_results order by checked_at`;

  it('checks every kind from two locations, and stores each check once through an API outage and a kill -9', async () => {
    const both = [...agents.values()].map((a) => a.id);
    // Two rounds from both locations.
    await eventually(
      'two rounds of results from both agents',
      async () => {
        const all = await rows();
        return [...endpoints.values()].every((e) =>
          both.every((g) => all.filter((r) => r.endpoint === e && r.agent === g).length >= 2),
        );
      },
      { timeoutMs: 60_000, intervalMs: 1000 },
    );
    const latest = async (name: string) =>
      (await rows()).filter((r) => r.endpoint === endpoints.get(name)).at(-1)!;
    expect(await latest('ok')).toMatchObject({ success: true });
    expect((await latest('ok')).details).toMatchObject({
      http_tcp_connect_ms: expect.any(Number),
      http_time_to_first_byte_ms: expect.any(Number),
    });
    expect(await latest('failing')).toMatchObject({ success: false });
    expect((await latest('failing')).details).toMatchObject({ error_code: 'HTTP_STATUS' });
    expect(await latest('slow')).toMatchObject({ success: false, error_category: 'timeout' });
    expect(await latest('closing')).toMatchObject({ success: false, error_category: 'connection' });
    const tls = await latest('tls');
    expect(tls).toMatchObject({
      success: false,
      details: { error_code: 'CERT_EXPIRING', http_tls_valid: false },
    });
    expect([2, 3]).toContain(tls.details!.http_tls_days_until_expiry);
    expect(await latest('banner')).toMatchObject({
      success: true,
      details: { tcp_connected: true, tcp_response_matched: true },
    });
    expect(await latest('dns')).toMatchObject({
      success: true,
      details: { dns_matched: true, dns_records: ['192.0.2.10'] },
    });

    // The failing endpoint is down from both locations: EndpointDown fires, from the ingest path.
    await eventually(
      'EndpointDown fires',
      async () =>
        (
          await sql`select 1 from alerts where subject_id = ${endpoints.get('failing')!} and state = 'firing' and alertname = 'EndpointDown'`
        ).length === 1,
      { timeoutMs: 30_000, intervalMs: 500 },
    );

    // The API frozen with requests in flight; one agent killed mid-batch and started again.
    const from = new Date();
    api.child.kill('SIGSTOP');
    await sleep(3000);
    const eu = agents.get('eu-central')!;
    eu.process!.child.kill('SIGKILL');
    await eu.process!.exited;
    startAgent('eu-central');
    await sleep(10_000);
    api.child.kill('SIGCONT');
    await sleep(5000);
    // Then stopped outright, and started again on the same port.
    const port = api.port;
    const metricsPort = new URL(api.metricsUrl).port;
    await api.stop();
    await sleep(8000);
    api = await startApiProcess({ ...apiEnv(), PORT: String(port), PLINTH_METRICS_PORT: metricsPort });
    await api.waitReady();
    await sleep(3 * FREQUENCY * 1000);
    // Stopped as Kubernetes stops them: each sends what it has and exits 0.
    for (const a of agents.values()) a.process!.child.kill('SIGTERM');
    for (const a of agents.values()) expect((await a.process!.exited).code).toBe(0);
    const until = new Date();

    const all = await rows();
    for (const [location, a] of agents) {
      // Nothing it wrote down is missing.
      const stored = new Set(
        (await sql<{ id: string }[]>`select id from check_results where agent_id = ${a.id}`).map((r) => r.id),
      );
      const missing = idsOnDisk(a.dir).filter((id) => !stored.has(id));
      expect(missing, location).toEqual([]);
      for (const [name, e] of endpoints) {
        const times = all
          .filter(
            (r) => r.agent === a.id && r.endpoint === e && r.checked_at >= from && r.checked_at <= until,
          )
          .map((r) => r.checked_at.getTime());
        // No check lost through the outage: no gap wider than a period (two for the restarted
        // agent, whose first check after a start falls anywhere in the first period), …
        const gaps = times.slice(1).map((t, i) => t - times[i]!);
        const allowed = (location === 'eu-central' ? 2 * FREQUENCY + 3 : FREQUENCY + 3) * 1000;
        expect(Math.max(...gaps), `${location} ${name}: ${gaps.join(' ')}`).toBeLessThanOrEqual(allowed);
        // … and none stored twice: checks a period apart.
        expect(Math.min(...gaps), `${location} ${name}`).toBeGreaterThan(FREQUENCY * 1000 * 0.5);
        expect(times.length, `${location} ${name}`).toBeGreaterThanOrEqual(
          Math.floor((until.getTime() - from.getTime()) / (FREQUENCY * 1000)) - 2,
        );
      }
    }
    const metrics = await (await fetch(`${api.metricsUrl}/metrics`)).text();
    console.log(
      metrics
        .split('\n')
        .filter((l) => l.startsWith('plinth_check_results_total'))
        .join('\n'),
    );
  }, 240_000);
});
