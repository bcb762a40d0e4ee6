import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type {
  AssignedEndpoint,
  CheckResult,
  ErrorReport,
  HealthReport,
  ResultsResponse,
} from '../protocol.ts';
import { close, listen } from './servers.ts';

/**
 * A stand-in for the Plinth API's agent endpoints, playing the protocol of `protocol.ts` and
 * nothing more (no database, no validation beyond the token): the agent's tests drive it on
 * loopback. Tests against the real API are separate integration tests.
 */

export const AGENT_ID = '0190a5c4-0000-7000-8000-0000000000aa';
export const STAND_IN_TOKEN = 'pla_stand_in_secret_token';

/** How the next results request is answered: a status, or no answer at all. */
export type ResultsAnswer = number | 'hang';

export interface StandInApi {
  readonly url: string;
  /** Every request, in order: method, path and headers. */
  readonly requests: { method: string; path: string; headers: IncomingHttpHeaders }[];
  /** Every result id in every results request, whatever the answer. */
  readonly received: string[];
  /** The same, one list per request. */
  readonly batches: string[][];
  /** The ids of requests answered 200, in order. */
  readonly accepted: string[];
  readonly health: HealthReport[];
  readonly errors: ErrorReport[];
  /** Answers to the next results requests, first first; then 200. */
  readonly resultsAnswers: ResultsAnswer[];
  /** Ids answered as `rejected` (endpoint_not_assigned). */
  readonly reject: Set<string>;
  /** Answers every request with this status while set (401, 503…). */
  failAll: number | undefined;
  /** Replaces the assignments; a new version (ETag) unless told. */
  assign(endpoints: AssignedEndpoint[], opts?: { pollIntervalS?: number; version?: string }): void;
  close(): Promise<void>;
}

export async function startStandInApi(): Promise<StandInApi> {
  let version = 'v0';
  let body = '';
  const hung: ServerResponse[] = [];
  const api: Omit<StandInApi, 'url' | 'close'> = {
    requests: [],
    received: [],
    batches: [],
    accepted: [],
    health: [],
    errors: [],
    resultsAnswers: [],
    reject: new Set(),
    failAll: undefined,
    assign(endpoints, opts = {}) {
      version = opts.version ?? `v${Number(version.slice(1)) + 1}`;
      body = JSON.stringify({
        agent: { id: AGENT_ID, name: 'test-probe', location: 'loopback' },
        config_version: version,
        poll_interval_s: opts.pollIntervalS ?? 30,
        endpoints,
      });
    },
  };
  api.assign([], { version: 'v0' });

  const json = (res: ServerResponse, status: number, value?: unknown) =>
    res
      .writeHead(status, { 'Content-Type': 'application/json' })
      .end(value === undefined ? '' : JSON.stringify(value));

  const handle = (req: IncomingMessage, res: ServerResponse, text: string) => {
    const path = (req.url ?? '/').split('?')[0]!;
    api.requests.push({ method: req.method ?? '', path, headers: req.headers });
    if (req.headers.authorization !== `Bearer ${STAND_IN_TOKEN}`)
      return json(res, 401, { code: 'unauthenticated' });
    if (api.failAll !== undefined) return json(res, api.failAll, { code: 'failing' });
    if (req.method === 'GET' && path === '/api/v1/agent/endpoints/') {
      const etag = `"${version}"`;
      if (req.headers['if-none-match'] === etag) return res.writeHead(304, { ETag: etag }).end();
      return res.writeHead(200, { 'Content-Type': 'application/json', ETag: etag }).end(body);
    }
    if (req.method === 'POST' && path === '/api/v1/agent/results/') {
      const results = (JSON.parse(text) as { results: CheckResult[] }).results;
      const ids = results.map((r) => r.result_id);
      api.received.push(...ids);
      api.batches.push(ids);
      const answer = api.resultsAnswers.shift() ?? 200;
      if (answer === 'hang') return void hung.push(res);
      if (answer !== 200) return json(res, answer, { code: 'scripted' });
      const seen = new Set(api.accepted);
      const rejected = ids.filter((id) => api.reject.has(id));
      const fresh = ids.filter((id) => !seen.has(id) && !api.reject.has(id));
      api.accepted.push(...ids);
      const out: ResultsResponse = {
        accepted: fresh.length,
        duplicates: ids.length - fresh.length - rejected.length,
        rejected: rejected.map((result_id) => ({ result_id, reason: 'endpoint_not_assigned' })),
      };
      return json(res, 200, out);
    }
    if (req.method === 'POST' && path === '/api/v1/agent/health/') {
      api.health.push(JSON.parse(text) as HealthReport);
      return json(res, 201, {});
    }
    if (req.method === 'POST' && path === '/api/v1/agent/errors/') {
      api.errors.push(JSON.parse(text) as ErrorReport);
      return json(res, 201, {});
    }
    json(res, 404, { code: 'not_found' });
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString()));
  });
  const port = await listen(server);
  return Object.assign(api, {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const res of hung) res.destroy();
      await close(server);
    },
  });
}
