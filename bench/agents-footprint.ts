/**
 * The agent program (agent/) carrying 1,000 endpoints at a 30 s frequency, as the image runs it
 * (`npm run start:agent`'s flags, Node's compile cache filled first as Dockerfile.agent does), against
 * loopback targets in this process: 400 http, 400 https, 100 tcp, 100 dns. Its RSS and CPU are
 * read from /proc over a minute after a full period of warm-up.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttp } from 'node:http';
import type { Server } from 'node:http';
import { createServer as createHttps } from 'node:https';
import { createServer as createTcp } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Sql } from 'postgres';
import { startDnsServer } from '../agent/src/test/dns-server.ts';
import { selfSignedCertificate } from '../agent/src/test/tls-cert.ts';
import { jsonRequest, nodeFlagsOf, REPO_ROOT } from '../api/src/test/api-process.ts';
import { rssMb } from './http.ts';

const ENDPOINTS = { http: 400, https: 400, tcp: 100, dns: 100 };
const FREQUENCY_S = 30;
const MEASURE_S = Number(process.env.BENCH_AGENT_MEASURE_SECONDS ?? 60);
const TARGET = { rssMb: 100, cpuShare: 0.25 };
const TICKS = 100;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const cpuSeconds = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) / TICKS;
};

export async function agentFootprint(
  apiUrl: string,
  sql: Sql,
  admin: { token: string; organization: string },
): Promise<{ line: string; ok: boolean | undefined; verdict: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'plinth-bench-agent-'));
  const cert = selfSignedCertificate(90);
  const servers: Server[] = [];
  const listen = async (s: Server) => {
    servers.push(s);
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    return (s.address() as { port: number }).port;
  };
  const http = await listen(createHttp((_req, res) => res.end('ok')));
  const https = await listen(createHttps({ key: cert.key, cert: cert.cert }, (_req, res) => res.end('ok')));
  const tcp = await listen(createTcp((s) => s.end('SSH-2.0-bench\r\n')) as unknown as Server);
  const dns = await startDnsServer({ name: 'svc.bench.test', addresses: ['192.0.2.7'] });
  const location = 'footprint';
  // A workspace and an agent of its own: the organization's other endpoints are not this agent's.
  const workspace = (
    await jsonRequest(apiUrl, 'POST', '/api/v1/workspaces/', {
      token: admin.token,
      body: { organization: admin.organization, name: 'footprint' },
    })
  ).body.id as string;
  const row = (kind: string, target: string, settings: object, i: number) => ({
    id: randomUUID(),
    organization_id: admin.organization,
    workspace_id: workspace,
    name: `footprint-${kind}-${i}`,
    kind: kind === 'https' ? 'http' : kind,
    target,
    settings: sql.json(settings as never),
    frequency_seconds: FREQUENCY_S,
    timeout_ms: 5000,
    locations: [location],
    labels: sql.json({ severity: 'warning' }),
    annotations: sql.json({}),
  });
  const httpSettings = (insecure: boolean) => ({
    method: 'GET',
    headers: {},
    expected_status: [],
    body_match: null,
    tls_expiry_days: 14,
    insecure_skip_verify: insecure,
  });
  const rows = [
    ...Array.from({ length: ENDPOINTS.http }, (_, i) =>
      row('http', `http://127.0.0.1:${http}/health/${i}`, httpSettings(false), i),
    ),
    ...Array.from({ length: ENDPOINTS.https }, (_, i) =>
      row('https', `https://127.0.0.1:${https}/health/${i}`, httpSettings(true), i),
    ),
    ...Array.from({ length: ENDPOINTS.tcp }, (_, i) =>
      row('tcp', `127.0.0.1:${tcp}`, { banner_match: 'SSH-2.0' }, i),
    ),
    ...Array.from({ length: ENDPOINTS.dns }, (_, i) =>
      row('dns', 'svc.bench.test', { record_type: 'A', expected: ['192.0.2.7'], server: dns.address }, i),
    ),
  ];
  for (let i = 0; i < rows.length; i += 500)
    await sql`insert into check_endpoints ${sql(rows.slice(i, i + 500))}`;
  const created = await jsonRequest(apiUrl, 'POST', '/api/v1/agents/', {
    token: admin.token,
    body: { organization: admin.organization, workspace, name: 'footprint-probe', location },
  });
  const flags = nodeFlagsOf('start:agent');
  const main = join(REPO_ROOT, 'agent/src/main.ts');
  const env = {
    PATH: process.env.PATH ?? '',
    NODE_COMPILE_CACHE: join(dir, 'compile-cache'),
    PLINTH_API_URL: apiUrl,
    PLINTH_AGENT_TOKEN: created.body.token as string,
    PLINTH_AGENT_BUFFER_DIR: join(dir, 'buffer'),
    LOG_LEVEL: 'warn',
  };
  // As the image's build does: a run without configuration fills the compile cache and exits 2.
  spawnSync(process.execPath, [...flags, main], {
    env: { PATH: env.PATH, NODE_COMPILE_CACHE: env.NODE_COMPILE_CACHE },
  });
  const child = spawn(process.execPath, [...flags, main], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  try {
    await sleep((FREQUENCY_S + 10) * 1000);
    const pid = child.pid!;
    const rss: number[] = [];
    const cpu0 = cpuSeconds(pid);
    const [first] = await sql<
      { n: number }[]
    >`select count(*)::int as n from check_results where agent_id = ${created.body.id as string}`;
    for (let s = 0; s < MEASURE_S; s++) {
      await sleep(1000);
      rss.push(rssMb(pid));
    }
    const cpu = (cpuSeconds(pid) - cpu0) / MEASURE_S;
    const [last] = await sql<
      { n: number }[]
    >`select count(*)::int as n from check_results where agent_id = ${created.body.id as string}`;
    const [agent] = await sql<
      { report: { check_metrics?: Record<string, number> } | null }[]
    >`select report from agents where id = ${created.body.id as string}`;
    const metrics = agent?.report?.check_metrics ?? {};
    const failures = await sql<{ code: string; n: number }[]>`
      select coalesce(details->>'error_code', error_category, '?') as code, count(*)::int as n from check_results
      where agent_id = ${created.body.id as string} and not success group by 1 order by 2 desc limit 5`;
    const peak = Math.max(...rss);
    const ok = peak < TARGET.rssMb && cpu < TARGET.cpuShare;
    return {
      ok,
      verdict: `RSS peak ${peak.toFixed(0)} MB (target < ${TARGET.rssMb}), CPU ${(cpu * 100).toFixed(1)}% of a core (target < ${TARGET.cpuShare * 100}%)`,
      line:
        `1,000 endpoints every ${FREQUENCY_S} s (${Object.entries(ENDPOINTS)
          .map(([k, n]) => `${n} ${k}`)
          .join(', ')}): ` +
        `RSS median ${rss.sort((a, b) => a - b)[Math.floor(rss.length / 2)]!.toFixed(0)} MB, peak ${peak.toFixed(0)} MB; CPU ${(cpu * 100).toFixed(1)}% of a core; ` +
        `${((last!.n - first!.n) / MEASURE_S).toFixed(1)} results/s stored (${(1000 / FREQUENCY_S).toFixed(1)} due); skipped ${metrics.checks_skipped_total ?? '?'}; failed: ${failures.map((f) => `${f.code}×${f.n}`).join(' ') || 'none'}` +
        (stderr ? `; stderr: ${stderr.slice(-300)}` : ''),
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await dns.close();
    for (const s of servers) s.close();
    cert.remove();
    rmSync(dir, { recursive: true, force: true });
  }
}
