import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import { rootCertificates } from 'node:tls';
import { API_VERSION } from '../../../core/version.ts';
import { filterUserHeaders } from './headers.ts';
import { messageHeaders, signatureHeaders } from './signature.ts';
import { parseCidr, pinnedLookup, resolveTarget, TargetRefused } from './target-guard.ts';
import type { HostLookup, ResolvedAddress } from './target-guard.ts';

/** How much of a receiver's answer is kept (and read): enough to show why it failed. */
export const EXCERPT_BYTES = 2048;

const USER_AGENT = `Plinth-Webhooks/${API_VERSION}`;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** What one delivery attempt came to, ready for the delivery log. */
export interface AttemptResult {
  /** The receiver answered 2xx. */
  ok: boolean;
  /** The last answer's status; null when none came (refused, unreachable, timed out). */
  status: number | null;
  durationMs: number;
  /** The first 2 KB of the answer's body as UTF-8 (NUL shown as U+FFFD); the rest is not read. */
  excerpt: string;
  /** Why it failed, without header values or the URL's path: `answered 500`, `timed out after 10s`. */
  error: string | null;
  /** The receiver answered 410 Gone: stop delivering to it. */
  gone: boolean;
  /** Another attempt may succeed; false for success, 410, refused targets and redirect loops. */
  retryable: boolean;
}

export interface PostWebhookOptions {
  url: string;
  /** The JSON body, sent as it is. */
  body: string;
  /** The user's configured headers; reserved names and unsafe values are dropped (headers.ts). */
  headers: Readonly<Record<string, string>>;
  /** Standard Webhooks headers; with no secrets, `webhook-id` and `webhook-timestamp` alone. */
  signing?: { id: string; secrets: readonly string[] };
  /** Bounds the whole attempt: resolution, every hop, and reading the excerpt. */
  timeoutMs: number;
  /** CIDRs of private ranges an administrator allows (target-guard.ts). */
  allowPrivate: readonly string[];
  /** Redirects followed, each target checked again (3 unless said). */
  maxRedirects?: number;
  now?: () => Date;
  /** A PEM CA trusted besides the system's, for receivers behind a private CA. */
  ca?: string;
  /** Host resolution, the system's unless said (tests point a name at a local receiver). */
  lookup?: HostLookup;
}

interface Answer {
  status: number;
  location: string | undefined;
  body: Buffer;
}

/** A failure that is the configuration's, not the network's: retrying will not help. */
class Final extends Error {}

/**
 * One delivery attempt: POSTs the body to the receiver, pinned to the address the guard checked,
 * following redirects (each checked; the user's headers only go to the URL's own origin, since they
 * may carry credentials). Never throws for what the receiver or the network does; throws only
 * for options that are a caller's bug (a malformed CIDR or signing secret).
 *
 * Retries: every failure but 410 is retryable, as Svix retries every non-2xx; a 4xx that comes
 * from a receiver being redeployed heals, and the schedule ends anyway. Refused targets, a
 * redirect to https→http and too many redirects are not: they need someone to change something.
 */
export async function postWebhook(options: PostWebhookOptions): Promise<AttemptResult> {
  const started = performance.now();
  const { body, timeoutMs } = options;
  const maxRedirects = options.maxRedirects ?? 3;
  if (!(timeoutMs > 0) || !Number.isFinite(timeoutMs)) throw new Error('timeoutMs must be a positive number');
  if (!Number.isInteger(maxRedirects) || maxRedirects < 0) throw new Error('maxRedirects must be 0 or more');
  options.allowPrivate.forEach(parseCidr);
  const ours: Record<string, string> = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    'user-agent': USER_AGENT,
    ...signing(options),
  };
  const { kept } = filterUserHeaders(options.headers);

  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new Error('timed out')), timeoutMs);
  const result = (fields: Partial<AttemptResult>): AttemptResult => ({
    ok: false,
    status: null,
    excerpt: '',
    error: null,
    gone: false,
    retryable: false,
    ...fields,
    durationMs: Math.round(performance.now() - started),
  });

  let url: URL;
  try {
    url = new URL(options.url);
  } catch {
    clearTimeout(timer);
    return result({ error: 'the URL is not valid' });
  }
  const origin = url.origin;
  try {
    for (let hop = 0; ; hop++) {
      const target = await untilAborted(
        resolveTarget(url, { allowPrivate: options.allowPrivate, lookup: options.lookup }),
        deadline.signal,
      ).catch((err: unknown) => {
        if (err instanceof TargetRefused && hop > 0) {
          throw new Final(`refused: redirected to ${url.host}; ${err.message}`);
        }
        throw err;
      });
      const headers = { ...(url.origin === origin ? kept : {}), ...ours, host: url.host };
      const answer = await send(url, target, headers, body, deadline.signal, options.ca);
      if (!REDIRECTS.has(answer.status) || answer.location === undefined) return outcome(answer, result);
      if (hop >= maxRedirects) {
        return result({ status: answer.status, error: `too many redirects (more than ${maxRedirects})` });
      }
      const next = URL.parse(answer.location, url.href);
      if (!next) return result({ status: answer.status, error: 'redirected to an invalid URL' });
      if (url.protocol === 'https:' && next.protocol === 'http:') {
        return result({
          status: answer.status,
          error: `refused: redirected from https to http (${next.host})`,
        });
      }
      url = next;
    }
  } catch (err) {
    if (deadline.signal.aborted) {
      return result({ error: `timed out after ${seconds(timeoutMs)}`, retryable: true });
    }
    if (err instanceof Final) return result({ error: err.message });
    if (err instanceof TargetRefused) return result({ error: `refused: ${err.message}` });
    return result({ error: describe(err, url.hostname), retryable: true });
  } finally {
    clearTimeout(timer);
  }
}

function signing(options: PostWebhookOptions): Record<string, string> {
  if (!options.signing) return {};
  const { id, secrets } = options.signing;
  const timestamp = (options.now ?? (() => new Date()))();
  return secrets.length
    ? { ...signatureHeaders({ id, timestamp, body: options.body, secrets }) }
    : { ...messageHeaders({ id, timestamp }) };
}

function outcome(answer: Answer, result: (fields: Partial<AttemptResult>) => AttemptResult): AttemptResult {
  const { status } = answer;
  const ok = status >= 200 && status < 300;
  return result({
    ok,
    status,
    excerpt: excerptOf(answer.body),
    error: ok ? null : `answered ${status}`,
    gone: status === 410,
    retryable: !ok && status !== 410,
  });
}

/** Waits for `promise` but gives up when `signal` aborts (a DNS lookup cannot be cancelled). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}

/**
 * One POST to the pinned address. An answer counts from its status line on: once it has come, a
 * body cut short (the excerpt's cap, the deadline, a reset) ends the read, not the answer.
 */
function send(
  url: URL,
  target: ResolvedAddress,
  headers: Record<string, string>,
  body: string,
  signal: AbortSignal,
  ca: string | undefined,
): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    const secure = url.protocol === 'https:';
    const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
    const request = (secure ? https : http).request({
      protocol: url.protocol,
      hostname,
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: 'POST',
      headers,
      lookup: pinnedLookup(target),
      // A fresh connection each time: a pooled one may lead to an address checked for another URL.
      agent: false,
      ...(secure && {
        // SNI carries names only; the certificate is checked against the URL's host either way.
        ...(isIP(hostname) ? {} : { servername: hostname }),
        ...(ca && { ca: [...rootCertificates, ca] }),
      }),
    });
    const onAbort = () => request.destroy(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    let answered: { status: number; location: string | undefined } | undefined;
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (err?: Error) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      if (answered) resolve({ ...answered, body: Buffer.concat(chunks) });
      else reject(err ?? new Error('the connection closed before an answer'));
      // The rest of the body is never read: the socket goes.
      request.destroy();
    };
    request.on('error', finish);
    // Once answered, the answer's own close ends the read, after its last bytes.
    request.on('close', () => {
      if (!answered) finish();
    });
    request.on('response', (response) => {
      answered = { status: response.statusCode ?? 0, location: response.headers.location };
      if (REDIRECTS.has(answered.status) && answered.location !== undefined) return finish();
      response.on('data', (chunk: Buffer) => {
        const part = chunk.subarray(0, EXCERPT_BYTES - size);
        chunks.push(part);
        size += part.length;
        if (size >= EXCERPT_BYTES) finish();
      });
      response.on('error', () => {});
      response.on('close', () => finish());
    });
    request.end(body);
  });
}

/** UTF-8 of at most EXCERPT_BYTES bytes: a character cut at the end is dropped, NUL (which a
 * PostgreSQL text column refuses) becomes U+FFFD. */
export function excerptOf(bytes: Buffer): string {
  const decode = (b: Buffer) => new TextDecoder('utf-8').decode(b, { stream: true });
  const text = decode(bytes.subarray(0, EXCERPT_BYTES)).replaceAll('\0', '\uFFFD');
  const encoded = Buffer.from(text, 'utf8');
  return encoded.length <= EXCERPT_BYTES ? text : decode(encoded.subarray(0, EXCERPT_BYTES));
}

function seconds(ms: number): string {
  return ms >= 1000 ? `${Number((ms / 1000).toFixed(3))}s` : `${ms}ms`;
}

const NETWORK_ERRORS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection reset',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EADDRNOTAVAIL: 'address not available',
};

/** A network failure in words, from its code: Node's messages may quote more than we want. */
function describe(err: unknown, host: string): string {
  const code = (err as { code?: unknown }).code;
  if (typeof code !== 'string') return 'the request failed';
  if (code in NETWORK_ERRORS) return NETWORK_ERRORS[code]!;
  if (code === 'ENOTFOUND' || code === 'ENODATA') return `${host} could not be resolved`;
  if (code === 'EAI_AGAIN') return `${host} could not be resolved (temporary DNS failure)`;
  if (code.startsWith('HPE_')) return `the answer is not valid HTTP (${code})`;
  if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO/.test(code)) return `TLS failed (${code})`;
  return `the request failed (${code})`;
}
