import { registry } from './registry.ts';
import type { RegisteredErrorCode } from './registry.ts';

/** One field problem in a validation error: `attr` is the dotted path of the field. */
export interface FieldError {
  attr: string;
  code: string;
  detail: string;
}

/**
 * What kind of failure a domain error is. Each edge maps a kind once: HTTP to a status
 * (http/errors.ts), MCP and the CLI to theirs. Services never name a transport's codes.
 */
export type ErrorKind =
  'invalid' | 'unauthenticated' | 'forbidden' | 'not_found' | 'conflict' | 'throttled' | 'unavailable';

/**
 * The machine codes of the shared machinery (the HTTP edge, authentication, the policy, paging),
 * the same on every edge. An area adds its own with `register()` (core/registry.ts); the OpenAPI
 * document publishes both as the error body's `code` enum (`errorCodes()`), and docs/http-api.md
 * says when each is used. A code that is neither does not compile.
 */
export const ERROR_CODES = [
  // 400
  'invalid',
  'parse_error',
  'invalid_character',
  // 401
  'not_authenticated',
  'authentication_failed',
  'unsupported_authentication_scheme',
  'token_malformed',
  'token_invalid',
  'token_expired',
  'token_revoked',
  'token_wrong_kind',
  'user_inactive',
  'issuer_unavailable',
  // 403
  'permission_denied',
  'insufficient_scope',
  'interactive_login_required',
  'no_user',
  'host_not_allowed',
  'origin_not_allowed',
  // 404, 405
  'not_found',
  'invalid_page',
  'method_not_allowed',
  // 409
  'conflict',
  // 413, 415, 429
  'payload_too_large',
  'unsupported_media_type',
  'throttled',
  'password_hashing_busy',
  // 500, 503
  'server_error',
  'service_unavailable',
  'not_ready',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number] | RegisteredErrorCode;

/** Every code an error body can carry: the shared ones, then the areas' in the order they load. */
export const errorCodes = (): readonly string[] => [...ERROR_CODES, ...registry.errorCodes()];

/**
 * The one typed error of services and the auth registry: a kind, a stable machine `code`
 * (documented, the same on every edge), a human sentence, and when it applies the field errors or
 * how long to wait before retrying.
 */
export class DomainError extends Error {
  readonly kind: ErrorKind;
  readonly code: ErrorCode;
  readonly errors: FieldError[] | undefined;
  /** Seconds the caller should wait before trying again (busy, throttled, unavailable). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    kind: ErrorKind,
    code: ErrorCode,
    detail: string,
    opts: { errors?: FieldError[]; retryAfterSeconds?: number } = {},
  ) {
    super(detail);
    this.name = 'DomainError';
    this.kind = kind;
    this.code = code;
    this.errors = opts.errors;
    this.retryAfterSeconds = opts.retryAfterSeconds;
  }
}

export const invalid = (detail: string, code: ErrorCode = 'invalid') =>
  new DomainError('invalid', code, detail);

export const validationError = (errors: FieldError[]) =>
  new DomainError('invalid', 'invalid', 'The request is not valid; see errors for each field.', { errors });

export const unauthenticated = (code: ErrorCode, detail: string) =>
  new DomainError('unauthenticated', code, detail);

export const forbidden = (
  detail = 'You do not have permission to perform this action.',
  code: ErrorCode = 'permission_denied',
) => new DomainError('forbidden', code, detail);

export const notFound = (detail = 'Not found.', code: ErrorCode = 'not_found') =>
  new DomainError('not_found', code, detail);

export const conflict = (detail: string, code: ErrorCode = 'conflict', retryAfterSeconds?: number) =>
  new DomainError('conflict', code, detail, retryAfterSeconds === undefined ? {} : { retryAfterSeconds });

export const throttled = (detail: string, retryAfterSeconds: number, code: ErrorCode = 'throttled') =>
  new DomainError('throttled', code, detail, { retryAfterSeconds });

export const unavailable = (detail: string, code: ErrorCode = 'service_unavailable', retryAfterSeconds = 5) =>
  new DomainError('unavailable', code, detail, { retryAfterSeconds });
