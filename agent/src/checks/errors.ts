import type { HttpErrorCategory } from '../protocol.ts';
import type { Failure } from './outcome.ts';

const CATEGORY: Record<string, HttpErrorCategory> = {
  ETIMEDOUT: 'timeout',
  ESOCKETTIMEDOUT: 'timeout',
  ECONNREFUSED: 'connection',
  ECONNRESET: 'connection',
  ECONNABORTED: 'connection',
  EPIPE: 'connection',
  ERR_SOCKET_CONNECTION_TIMEOUT: 'timeout',
  ENOTFOUND: 'dns',
  EAI_AGAIN: 'dns',
  EAI_FAIL: 'dns',
  EAI_NONAME: 'dns',
  EAI_NODATA: 'dns',
  ENODATA: 'dns',
  ENETUNREACH: 'network',
  ENETDOWN: 'network',
  EHOSTUNREACH: 'network',
  EHOSTDOWN: 'network',
  EADDRNOTAVAIL: 'network',
  // What the agent's own assertions find in an answer the server gave.
  HTTP_STATUS: 'response',
  BODY_MISMATCH: 'response',
  CERT_EXPIRING: 'response',
  BODY_TOO_LARGE: 'response',
  // A request the agent cannot even make: the endpoint's settings are at fault.
  INVALID_TARGET: 'configuration',
  ERR_INVALID_URL: 'configuration',
  ERR_INVALID_HTTP_TOKEN: 'configuration',
  ERR_INVALID_CHAR: 'configuration',
  ERR_UNESCAPED_CHARACTERS: 'configuration',
  ERR_INVALID_PROTOCOL: 'configuration',
  ERR_INVALID_ARG_VALUE: 'configuration',
};

/**
 * Certificate verification failures (OpenSSL's names, as Node reports them) and handshake
 * failures: the connection could not be made trustworthy, so they count as `connection`.
 */
const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|EPROTO$|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH)/;

/** Whether a code says the certificate was not trusted (so `http_tls_valid` is false). */
export function isCertificateError(code: string): boolean {
  return /^(ERR_TLS_CERT_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH)/.test(code);
}

export function categoryOf(code: string): HttpErrorCategory {
  const known = CATEGORY[code];
  if (known) return known;
  if (TLS_CODE.test(code)) return 'connection';
  // llhttp's parse errors: the server answered something that is not HTTP.
  if (code.startsWith('HPE_')) return 'response';
  return 'other';
}

/** A thrown error as a failure: Node's code (or the error's name), message and category. */
export function failureOf(err: unknown): Failure {
  const e = (typeof err === 'object' && err !== null ? err : {}) as {
    code?: unknown;
    name?: unknown;
    message?: unknown;
  };
  const code = typeof e.code === 'string' && e.code !== '' ? e.code : 'ERROR';
  const message = typeof e.message === 'string' && e.message !== '' ? e.message : code;
  return {
    code,
    name: typeof e.name === 'string' ? e.name : undefined,
    message:
      code === 'ECONNRESET' && message === 'socket hang up' ? 'socket hang up (connection reset)' : message,
    category: categoryOf(code),
  };
}
