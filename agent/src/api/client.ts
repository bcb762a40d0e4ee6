import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

export interface ApiResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** No answer from the API: refused, reset, unresolvable, or too slow. */
export class ApiUnreachableError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'ApiUnreachableError';
    this.code = code;
  }
}

export interface ApiClientOptions {
  baseUrl: string;
  /** Called per request: a token file may have been rotated. */
  token: () => string;
  userAgent: string;
  timeoutMs?: number;
}

/** Bigger than any endpoints list: 1,000 endpoints are a few hundred kilobytes. */
const MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

/**
 * The agent's requests to the Plinth API, on node:http(s) with one small keep-alive pool (the
 * poller, the sender and the reporter share it). Every request carries the token, the agent's
 * User-Agent and, once the endpoints answer named it, `X-Agent-ID`. It remembers when the API last
 * answered (below 500) for the health status. Errors say the code and host, never a header.
 */
export class ApiClient {
  /** Set from the endpoints answer; sent as `X-Agent-ID` from then on. */
  agentId: string | undefined;
  #lastAnsweredAt: number;
  #connected = false;
  readonly #opts: ApiClientOptions;
  readonly #base: URL;
  readonly #agent: HttpAgent;

  constructor(opts: ApiClientOptions) {
    this.#opts = opts;
    this.#base = new URL(opts.baseUrl);
    const https = this.#base.protocol === 'https:';
    this.#agent = https
      ? new HttpsAgent({ keepAlive: true, maxSockets: 4, timeout: 60_000 })
      : new HttpAgent({ keepAlive: true, maxSockets: 4, timeout: 60_000 });
    this.#lastAnsweredAt = Date.now();
  }

  /** Whether the last request had an answer below 500. */
  get connected(): boolean {
    return this.#connected;
  }

  /** When the API last answered below 500 (the start counts as an answer). */
  get lastAnsweredAt(): number {
    return this.#lastAnsweredAt;
  }

  request(
    method: 'GET' | 'POST',
    path: string,
    opts: { body?: string; headers?: Record<string, string>; timeoutMs?: number } = {},
  ): Promise<ApiResponse> {
    const url = new URL(this.#base.pathname.replace(/\/$/, '') + path, this.#base);
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'User-Agent': this.#opts.userAgent,
      Authorization: `Bearer ${this.#opts.token()}`,
      ...opts.headers,
    };
    if (this.agentId) headers['X-Agent-ID'] = this.agentId;
    if (opts.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      headers['Content-Length'] = String(Buffer.byteLength(opts.body));
    }
    const timeoutMs = opts.timeoutMs ?? this.#opts.timeoutMs ?? 30_000;
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<ApiResponse>((resolve, reject) => {
      const req = send(url, { method, headers, agent: this.#agent });
      const timer = setTimeout(
        () => req.destroy(new ApiUnreachableError('ETIMEDOUT', `no answer within ${timeoutMs} ms`)),
        timeoutMs,
      );
      req.once('response', (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_RESPONSE_BYTES) req.destroy(new ApiUnreachableError('ETOOBIG', 'answer too large'));
          else chunks.push(chunk);
        });
        res.once('end', () => {
          clearTimeout(timer);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          });
        });
        res.once('error', (err) => req.destroy(err));
      });
      req.once('error', (err: Error & { code?: string }) => {
        clearTimeout(timer);
        reject(
          err instanceof ApiUnreachableError
            ? err
            : new ApiUnreachableError(err.code ?? 'ERROR', `${url.host}: ${err.message}`),
        );
      });
      req.end(opts.body);
    }).then(
      (res) => {
        this.#connected = res.status < 500;
        if (this.#connected) this.#lastAnsweredAt = Date.now();
        return res;
      },
      (err: unknown) => {
        this.#connected = false;
        throw err;
      },
    );
  }

  close(): void {
    this.#agent.destroy();
  }
}

/** The seconds of a `Retry-After` header, when it holds a number. */
export function retryAfterMs(res: ApiResponse): number | undefined {
  const v = res.headers['retry-after'];
  const s = typeof v === 'string' ? Number(v) : NaN;
  return Number.isFinite(s) && s >= 0 ? s * 1000 : undefined;
}
