import { createHash, createHmac } from 'node:crypto';

/** What to sign: the request as it will be sent. */
export interface SigV4Request {
  method: string;
  url: string | URL;
  /** Headers to send; all of them are signed, so none may be changed after signing. */
  headers?: Record<string, string>;
  body?: Uint8Array | string;
}

/** Who signs, for which service, and when. */
export interface SigV4Options {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  region: string;
  service: string;
  /** The signing time; now unless given (tests pin it). */
  now?: Date;
  /**
   * Sends the payload hash as `X-Amz-Content-Sha256` and signs it. S3 and MinIO refuse requests
   * without it; AWS's generic test suite predates it, hence the switch. Default true.
   */
  contentSha256Header?: boolean;
}

/** The headers to send, and the intermediate strings for diagnosing a signature mismatch. */
export interface SignedRequest {
  headers: Record<string, string>;
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';

const sha256Hex = (data: Uint8Array | string): string => createHash('sha256').update(data).digest('hex');
const hmac = (key: Uint8Array | string, data: string): Buffer =>
  createHmac('sha256', key).update(data).digest();

/**
 * RFC 3986 percent-encoding of everything but the unreserved characters, which is what SigV4
 * asks for; encodeURIComponent leaves `!'()*` alone, so those are fixed up.
 */
function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * S3-style canonical path: each segment encoded once, slashes kept. S3 (and MinIO) differ from
 * the other AWS services here, which encode twice and normalise `.`/`..`; only S3-style is needed.
 */
function canonicalPath(pathname: string): string {
  if (pathname === '') return '/';
  return pathname
    .split('/')
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join('/');
}

/** Parameters sorted by encoded name, then encoded value, as the spec requires. */
function canonicalQuery(search: string): string {
  const pairs: [string, string][] = [];
  for (const [key, value] of new URLSearchParams(search)) pairs.push([uriEncode(key), uriEncode(value)]);
  pairs.sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  return pairs.map(([k, v]) => `${k}=${v}`).join('&');
}

/** `20150830T123600Z`: ISO 8601 basic format without fractions. */
function amzDate(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/**
 * Signs an HTTP request with AWS Signature Version 4 (header form, not presigned URLs) and
 * returns the headers to send: the caller's plus `Host`, `X-Amz-Date`, usually
 * `X-Amz-Content-Sha256`, `X-Amz-Security-Token` with a session token, and `Authorization`.
 * The body is hashed whole, so this suits small requests such as MinIO's admin API.
 */
export function signRequest(request: SigV4Request, options: SigV4Options): SignedRequest {
  const url = typeof request.url === 'string' ? new URL(request.url) : request.url;
  const body = request.body ?? '';
  const payloadHash = sha256Hex(body);
  const timestamp = amzDate(options.now ?? new Date());
  const day = timestamp.slice(0, 8);

  const headers: Record<string, string> = { ...request.headers };
  const lowerNames = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
  const setDefault = (name: string, value: string) => {
    if (!lowerNames.has(name.toLowerCase())) headers[name] = value;
  };
  setDefault('Host', url.host);
  setDefault('X-Amz-Date', timestamp);
  if (options.contentSha256Header ?? true) setDefault('X-Amz-Content-Sha256', payloadHash);
  if (options.sessionToken) setDefault('X-Amz-Security-Token', options.sessionToken);

  // Values are trimmed and inner runs of spaces collapsed; headers repeated under different
  // casing are joined with commas, as an HTTP stack would.
  const canonical = new Map<string, string>();
  for (const [name, value] of Object.entries(headers)) {
    const key = name.toLowerCase();
    const clean = value.trim().replace(/\s+/g, ' ');
    const previous = canonical.get(key);
    canonical.set(key, previous === undefined ? clean : `${previous},${clean}`);
  }
  const names = [...canonical.keys()].sort();
  const signedHeaders = names.join(';');
  const canonicalHeaders = names.map((name) => `${name}:${canonical.get(name)}\n`).join('');

  const canonicalRequest = [
    request.method.toUpperCase(),
    canonicalPath(url.pathname),
    canonicalQuery(url.search),
    canonicalHeaders,
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${day}/${options.region}/${options.service}/aws4_request`;
  const stringToSign = [ALGORITHM, timestamp, scope, sha256Hex(canonicalRequest)].join('\n');

  const dateKey = hmac(`AWS4${options.secretAccessKey}`, day);
  const signingKey = hmac(hmac(hmac(dateKey, options.region), options.service), 'aws4_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');

  headers.Authorization = `${ALGORITHM} Credential=${options.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return { headers, canonicalRequest, stringToSign, signature };
}
