/**
 * The weighted route mix of `npm run bench:api` and the two ways it is driven: closed loop (a fixed
 * number of requests in flight, for the saturation throughput) and open loop (requests due at a
 * fixed rate by the wall clock, each timed from when it was due, so a slow answer never slows the
 * sender: no coordinated omission). Requests go over raw keep-alive sockets (`Connection` in
 * http.ts): Node's HTTP client costs about 1 ms of CPU per request, on the same 2 cores.
 */
import { Connection } from './http.ts';
import { PASSWORD, rng } from './api-world.ts';
import type { Caller, World } from './api-world.ts';

export interface Request {
  route: string;
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  token?: string;
  body?: unknown;
  /** Sees the answer (key creation queues the key for its revocation). */
  then?: (status: number, body: Buffer) => void;
}

export interface MixEntry {
  route: string;
  weight: number;
  make: (pick: <T>(xs: readonly T[]) => T, world: World) => Request;
}

const eligible = (world: World, test: (c: Caller) => boolean) => world.callers.filter(test);

/**
 * Traffic as a dashboard, the operator and scripts make it: mostly reads of lists and details, a
 * little key churn (create, then revoke), and few logins: a person signs in once per session (a
 * login token lasts hours) and then makes many calls, while the operator, CI and scripts use keys.
 * One request in 200 is a login; each costs ~20 MiB and tens of ms of CPU (Argon2id, on purpose).
 */
export function apiMix(world: World, opts: { pageSize?: number } = {}): MixEntry[] {
  const all = world.callers;
  const withBuckets = eligible(world, (c) => c.visibleBuckets.length > 0);
  const withWorkspaces = eligible(world, (c) => c.visibleWorkspaces.length > 0);
  const keyListers = eligible(world, (c) => c.keyLists.length > 0);
  const auditors = eligible(world, (c) => c.audit);
  const creators = eligible(world, (c) => c.createsKeys);
  const size = opts.pageSize ? `page_size=${opts.pageSize}` : '';
  // Keys made by the mix, waiting for their revocation by the same person.
  const made: { token: string; id: string }[] = [];
  const create = (pick: <T>(xs: readonly T[]) => T): Request => {
    const c = pick(creators);
    return {
      route: 'POST key',
      method: 'POST',
      path: '/api/v1/users/me/api-keys/',
      token: c.token,
      body: { name: 'ci token' },
      then: (status, body) => {
        if (status === 201)
          made.push({ token: c.token, id: (JSON.parse(body.toString()) as { id: string }).id });
      },
    };
  };
  return [
    {
      route: 'GET workspaces',
      weight: 20,
      make: (pick) => ({
        route: 'GET workspaces',
        method: 'GET',
        path: `/api/v1/workspaces/${size && `?${size}`}`,
        token: pick(all).token,
      }),
    },
    {
      route: 'GET workspaces?organization',
      weight: 10,
      make: (pick) => {
        const c = pick(withWorkspaces);
        const org = pick(c.visibleOrgs);
        return {
          route: 'GET workspaces?organization',
          method: 'GET',
          path: `/api/v1/workspaces/?organization=${org}${size && `&${size}`}`,
          token: c.token,
        };
      },
    },
    {
      route: 'GET bucket',
      weight: 20,
      make: (pick) => {
        const c = pick(withBuckets);
        return {
          route: 'GET bucket',
          method: 'GET',
          path: `/api/v1/s3/buckets/${pick(c.visibleBuckets)}/`,
          token: c.token,
        };
      },
    },
    {
      route: 'GET organizations',
      weight: 15,
      make: (pick) => ({
        route: 'GET organizations',
        method: 'GET',
        path: '/api/v1/organizations/',
        token: pick(all).token,
      }),
    },
    {
      route: 'GET keys',
      weight: 10,
      make: (pick) => {
        const c = pick(keyListers);
        return { route: 'GET keys', method: 'GET', path: pick(c.keyLists), token: c.token };
      },
    },
    {
      route: 'GET audit-log',
      weight: 10,
      make: (pick) => ({
        route: 'GET audit-log',
        method: 'GET',
        path: '/api/v1/audit-log/',
        token: pick(auditors).token,
      }),
    },
    {
      route: 'GET workspace',
      weight: 8,
      make: (pick) => {
        const c = pick(withWorkspaces);
        return {
          route: 'GET workspace',
          method: 'GET',
          path: `/api/v1/workspaces/${pick(c.visibleWorkspaces)}/`,
          token: c.token,
        };
      },
    },
    { route: 'POST key', weight: 2.5, make: create },
    {
      route: 'DELETE key',
      weight: 2.5,
      make: (pick) => {
        const key = made.shift();
        if (!key) return create(pick);
        return {
          route: 'DELETE key',
          method: 'DELETE',
          path: `/api/v1/users/me/api-keys/${key.id}/`,
          token: key.token,
        };
      },
    },
    {
      route: 'POST login',
      weight: 0.5,
      make: (pick, w) => ({
        route: 'POST login',
        method: 'POST',
        path: '/api/login/',
        body: { username: pick(w.usernames), password: PASSWORD },
      }),
    },
  ];
}

function encode(r: Request, host: string): Buffer {
  const body = r.body === undefined ? '' : JSON.stringify(r.body);
  return Buffer.from(
    `${r.method} ${r.path} HTTP/1.1\r\nHost: ${host}\r\n` +
      (r.token ? `Authorization: Bearer ${r.token}\r\n` : '') +
      (r.body === undefined
        ? ''
        : `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`) +
      (r.method === 'DELETE' && r.body === undefined ? 'Content-Length: 0\r\n' : '') +
      `\r\n${body}`,
  );
}

export interface Stats {
  requests: number;
  seconds: number;
  /** Milliseconds, sorted. */
  latencies: number[];
  byRoute: Map<string, { latencies: number[]; errors: number; statuses: Map<number, number> }>;
  errors: number;
}

export const quantile = (sorted: number[], q: number) =>
  sorted.length === 0
    ? NaN
    : Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 10) / 10;

/** A driver of one server: the mix, a pool of connections, a deterministic request sequence. */
export class Driver {
  readonly #url: URL;
  readonly #mix: MixEntry[];
  readonly #world: World;
  readonly #random = rng(42);
  readonly #idle: Connection[] = [];
  readonly #all: Connection[] = [];
  readonly #total: number;

  constructor(url: string, world: World, mix: MixEntry[]) {
    this.#url = new URL(url);
    this.#world = world;
    this.#mix = mix;
    this.#total = mix.reduce((s, e) => s + e.weight, 0);
  }

  #next(): Request {
    let x = this.#random() * this.#total;
    const entry = this.#mix.find((e) => (x -= e.weight) < 0) ?? this.#mix.at(-1)!;
    return entry.make((xs) => xs[Math.floor(this.#random() * xs.length)]!, this.#world);
  }

  async #connection(): Promise<Connection> {
    const idle = this.#idle.pop();
    if (idle) return idle;
    const conn = await Connection.open(this.#url);
    this.#all.push(conn);
    return conn;
  }

  async #one(stats: Stats, startedAt: number): Promise<void> {
    const r = this.#next();
    const conn = await this.#connection();
    let status = 0;
    let entry = stats.byRoute.get(r.route);
    if (!entry) stats.byRoute.set(r.route, (entry = { latencies: [], errors: 0, statuses: new Map() }));
    try {
      const res = await conn.send(encode(r, this.#url.host));
      this.#idle.push(conn);
      status = res.status;
      r.then?.(res.status, res.body);
    } catch {
      conn.close();
      this.#all.splice(this.#all.indexOf(conn), 1);
    }
    const ms = performance.now() - startedAt;
    stats.latencies.push(ms);
    entry.latencies.push(ms);
    entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
    if (status < 200 || status >= 300) {
      entry.errors++;
      stats.errors++;
    }
  }

  #stats(): Stats {
    return { requests: 0, seconds: 0, latencies: [], byRoute: new Map(), errors: 0 };
  }

  #finish(stats: Stats, seconds: number): Stats {
    stats.seconds = seconds;
    stats.requests = stats.latencies.length;
    stats.latencies.sort((a, b) => a - b);
    for (const e of stats.byRoute.values()) e.latencies.sort((a, b) => a - b);
    return stats;
  }

  /** `concurrency` requests always in flight for `seconds`: the saturation throughput. */
  async closed(concurrency: number, seconds: number): Promise<Stats> {
    const stats = this.#stats();
    const start = performance.now();
    const end = start + seconds * 1000;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < end) await this.#one(stats, performance.now());
      }),
    );
    return this.#finish(stats, (performance.now() - start) / 1000);
  }

  /**
   * Request n is due at n / rate s and is timed from then, whether or not earlier ones have
   * answered; the sender sleeps until the next one is due (no polling loop).
   */
  async open(rate: number, seconds: number): Promise<Stats> {
    const stats = this.#stats();
    const total = Math.round(rate * seconds);
    const pending = new Set<Promise<void>>();
    const start = performance.now();
    for (let sent = 0; sent < total;) {
      const now = performance.now();
      for (; sent < total && start + (sent * 1000) / rate <= now; sent++) {
        const p = this.#one(stats, start + (sent * 1000) / rate);
        pending.add(p);
        void p.finally(() => pending.delete(p));
      }
      const next = start + (sent * 1000) / rate;
      await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
    }
    await Promise.all(pending);
    return this.#finish(stats, seconds);
  }

  close(): void {
    for (const conn of this.#all) conn.close();
    this.#all.length = 0;
    this.#idle.length = 0;
  }
}
