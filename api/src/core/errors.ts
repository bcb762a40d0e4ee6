/** One field problem in a validation error: `attr` is the dotted path of the field. */
export interface FieldError {
  attr: string;
  code: string;
  detail: string;
}

/**
 * What kind of failure a domain error is. Each edge maps a kind once: HTTP to a status
 * (edges/http/errors.ts), MCP and the CLI to theirs. Services never name a transport's codes.
 */
export type ErrorKind =
  'invalid' | 'unauthenticated' | 'forbidden' | 'not_found' | 'conflict' | 'throttled' | 'unavailable';

/**
 * The one typed error of services and the auth registry: a kind, a stable machine `code`
 * (documented, the same on every edge), a human sentence, and when it applies the field errors or
 * how long to wait before retrying.
 */
export class DomainError extends Error {
  readonly kind: ErrorKind;
  readonly code: string;
  readonly errors: FieldError[] | undefined;
  /** Seconds the caller should wait before trying again (busy, throttled, unavailable). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    kind: ErrorKind,
    code: string,
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

export const invalid = (detail: string, code = 'invalid') => new DomainError('invalid', code, detail);

export const validationError = (errors: FieldError[]) =>
  new DomainError('invalid', 'invalid', 'The request is not valid; see errors for each field.', { errors });

export const unauthenticated = (code: string, detail: string) =>
  new DomainError('unauthenticated', code, detail);

export const forbidden = (
  detail = 'You do not have permission to perform this action.',
  code = 'permission_denied',
) => new DomainError('forbidden', code, detail);

export const notFound = (detail = 'Not found.', code = 'not_found') =>
  new DomainError('not_found', code, detail);

export const conflict = (detail: string, code = 'conflict', retryAfterSeconds?: number) =>
  new DomainError('conflict', code, detail, retryAfterSeconds === undefined ? {} : { retryAfterSeconds });

export const throttled = (detail: string, retryAfterSeconds: number, code = 'throttled') =>
  new DomainError('throttled', code, detail, { retryAfterSeconds });

export const unavailable = (detail: string, code = 'service_unavailable', retryAfterSeconds = 5) =>
  new DomainError('unavailable', code, detail, { retryAfterSeconds });
