/**
 * `npm run bench:login-flood`: password sign-ins while a flood of wrong passwords comes from many
 * addresses (docs/authentication.md, "Passwords" and "Throttling").
 *
 * Starts PostgreSQL and the API as production runs it (behind one trusted proxy, so the client
 * address is the `X-Forwarded-For` the bench sends), creates 24 users through the API and signs
 * each in once from an address of their own (IPv4 and IPv6 in different /48s), which makes it a
 * known address. Then, for `BENCH_LOGIN_SECONDS` (15) each, two phases:
 *
 * - quiet: the users sign in from their known addresses, each every 2 to 6 s (about 5 a second
 *   in all), and 2 people sign in from new networks (a first sign-in there) every 2 to 6 s;
 * - flood: the same, while `BENCH_LOGIN_FLOOD` (200) attackers send wrong passwords back to back,
 *   each request from an address never used before: the /64s of one /56, /64s across one /48 and
 *   IPv4 addresses from many /16s, for the real users' names (one in three) and names nobody has.
 *
 * Prints per phase: sign-ins from known addresses (answers, p50/p99, the worst), first sign-ins
 * from new networks (how many got 503 on the first try and how long until they got in, trying
 * again every 250 ms), the flood's answers and rate, password checks of unknown addresses per
 * second (the flood's 401s), and the API's CPU and peak RSS.
 */
import { readFileSync } from 'node:fs';
import { startApiProcess, TEST_KEYS } from '../api/src/test/api-process.ts';
import { startPostgresServer } from '../api/src/test/postgres-server.ts';
import { rssMb } from './http.ts';

const SECONDS = Number(process.env.BENCH_LOGIN_SECONDS ?? 15);
const FLOOD = Number(process.env.BENCH_LOGIN_FLOOD ?? 200);
const USERS = 24;
const NEWCOMERS = 2;
const ADMIN_PASSWORD = 'bench-admin-password';
const PASSWORD = 'a-real-users-password-0123';

interface Answer {
  status: number;
  code: string;
  ms: number;
  token?: string;
}

async function signIn(base: string, username: string, password: string, ip: string): Promise<Answer> {
  const start = performance.now();
  const res = await fetch(`${base}/api/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json().catch(() => ({}))) as { code?: string; token?: string };
  return { status: res.status, code: body.code ?? 'ok', ms: performance.now() - start, token: body.token };
}

/** Signs in until the answer is not a 503 (as a person presses again), every 250 ms. */
async function signInPatiently(base: string, username: string, password: string, ip: string) {
  const start = performance.now();
  let tries = 0;
  for (;;) {
    tries++;
    const a = await signIn(base, username, password, ip);
    if (a.status !== 503) return { ...a, ms: performance.now() - start, tries };
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function api(base: string, method: string, path: string, token: string | undefined, body: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token && { Authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as any;
  if (res.status >= 300) throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : NaN;
};
const tally = (xs: string[]) =>
  [...new Set(xs)].map((k) => `${k} ${xs.filter((x) => x === k).length}`).join(', ') || 'none';
const homeOf = (i: number) =>
  i % 2 === 0 ? `198.51.${100 + (i >> 1)}.7` : `2001:db8:${(0x100 + i).toString(16)}:1::7`;
const jitter = () => 2000 + Math.random() * 4000;

async function phase(base: string, pid: number, usernames: string[], flood: boolean) {
  let running = true;
  const known: Answer[] = [];
  const newcomers: { status: number; ms: number; tries: number }[] = [];
  const attacks: string[] = [];
  let fresh = 0;
  const freshAddress = () => {
    const n = fresh++;
    switch (n % 3) {
      case 0: // the /64s of one /56
        return `2001:db8:f00:${(0xab00 + (n % 256)).toString(16)}::${(n >> 8).toString(16)}`;
      case 1: // /64s across one /48
        return `2001:db8:f01:${(n % 65536).toString(16)}::1`;
      default: // IPv4 from many /16s
        return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    }
  };
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const cpu0 = cpuSeconds(pid);
  let peak = rssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
  const started = performance.now();
  const workers = [
    ...usernames.map(async (username, i) => {
      await pause(Math.random() * 4000);
      while (running) {
        known.push(await signIn(base, username, PASSWORD, homeOf(i)));
        await pause(jitter());
      }
    }),
    ...Array.from({ length: NEWCOMERS }, async (_, j) => {
      let k = 0;
      await pause(Math.random() * 4000);
      while (running) {
        // A user on a network they never signed in from.
        const ip = `192.0.${2 + j}.${k++ % 250}`;
        newcomers.push(await signInPatiently(base, usernames[(j * 7 + k) % usernames.length]!, PASSWORD, ip));
        await pause(jitter());
      }
    }),
    ...(flood
      ? Array.from({ length: FLOOD }, async () => {
          while (running) {
            const n = fresh;
            const username = n % 3 === 0 ? usernames[n % usernames.length]! : `nobody-${n}`;
            const a = await signIn(base, username, 'a-wrong-guess', freshAddress()).catch(() => ({
              status: 0,
              code: 'connection error',
              ms: 0,
            }));
            attacks.push(`${a.status} ${a.code}`);
          }
        })
      : []),
  ];
  await pause(SECONDS * 1000);
  running = false;
  await Promise.all(workers);
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuSeconds(pid) - cpu0;
  const ok = known.filter((a) => a.status === 200).map((a) => a.ms);
  console.log(`\n${flood ? `flood (${FLOOD} attackers)` : 'quiet'}, ${seconds.toFixed(1)} s`);
  console.log(
    `  known addresses: ${known.length} sign-ins, ${tally(known.map((a) => `${a.status} ${a.code}`))}; ` +
      `p50 ${pct(ok, 50).toFixed(0)} ms, p99 ${pct(ok, 99).toFixed(0)} ms, worst ${Math.max(...ok).toFixed(0)} ms`,
  );
  console.log(
    `  new networks: ${newcomers.length} sign-ins, ${tally(newcomers.map((a) => String(a.status)))}; ` +
      `${newcomers.filter((a) => a.tries > 1).length} needed more than one try; until signed in ` +
      `p50 ${pct(
        newcomers.map((a) => a.ms),
        50,
      ).toFixed(0)} ms, worst ${Math.max(...newcomers.map((a) => a.ms)).toFixed(0)} ms`,
  );
  if (flood) {
    const checked = attacks.filter((a) => a.startsWith('401')).length;
    console.log(
      `  flood: ${attacks.length} attempts (${(attacks.length / seconds).toFixed(0)}/s), ${tally(attacks)}`,
    );
    console.log(`  password checks for the flood: ${(checked / seconds).toFixed(1)}/s`);
  }
  console.log(`  API: ${(cpu / seconds).toFixed(2)} cores, peak RSS ${peak.toFixed(0)} MB`);
  return { known, newcomers };
}

async function main(): Promise<void> {
  const pg = await startPostgresServer();
  const p = await startApiProcess({
    DATABASE_URL: await pg.createDatabase('bench'),
    ...TEST_KEYS,
    PLINTH_BOOTSTRAP_ADMIN_PASSWORD: ADMIN_PASSWORD,
    PLINTH_TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
  });
  try {
    await p.waitReady();
    const admin = await signInPatiently(p.url, 'admin', ADMIN_PASSWORD, '198.51.99.1');
    if (!admin.token) throw new Error(`admin sign-in: ${admin.status} ${admin.code}`);
    const token = admin.token;
    const usernames: string[] = [];
    for (let i = 0; i < USERS; i++) {
      const username = `person-${i}`;
      await api(p.url, 'POST', '/api/v1/users/', token, { username, password: PASSWORD });
      // The first sign-in from home makes it a known address.
      const first = await signInPatiently(p.url, username, PASSWORD, homeOf(i));
      if (first.status !== 200) throw new Error(`${username}: ${first.status} ${first.code}`);
      usernames.push(username);
    }
    const pid = p.child.pid!;
    await phase(p.url, pid, usernames, false);
    const { known } = await phase(p.url, pid, usernames, true);
    const failed = known.filter((a) => a.status !== 200).length;
    console.log(`\nknown-address sign-ins refused during the flood: ${failed} of ${known.length}`);
  } finally {
    await p.stop();
    await pg.destroy();
  }
}

await main();
