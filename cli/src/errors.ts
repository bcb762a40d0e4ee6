import { ApiError } from '../../clients/typescript/src/index.ts';

/**
 * The exit codes `plinth` promises (docs/cli.md, "Exit codes"). Scripts branch on them, so they
 * never change meaning: a new kind of failure gets a new number.
 */
export const EXIT = {
  ok: 0,
  /** Anything else: the server refused the request's content, the network failed, … */
  error: 1,
  /** The command line itself is wrong: an unknown flag, a missing argument, an ambiguous name. */
  usage: 2,
  /** Not signed in, the login expired, the key was revoked, or the role does not allow it (401, 403). */
  auth: 3,
  /** What the command names does not exist or is not visible to the caller (404). */
  notFound: 4,
  /** The request conflicts with the current state: a name taken, a non-empty organization (409). */
  conflict: 5,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** A failure the CLI reports in one line and exits with `exitCode`. */
export class CliError extends Error {
  readonly exitCode: ExitCode;
  readonly code: string | undefined;
  constructor(message: string, exitCode: ExitCode = EXIT.error, code?: string) {
    super(message);
    this.name = 'CliError';
    this.exitCode = exitCode;
    this.code = code;
  }
}

export const usageError = (message: string): CliError => new CliError(message, EXIT.usage, 'usage');
export const notFound = (message: string): CliError => new CliError(message, EXIT.notFound, 'not_found');
export const authError = (message: string, code = 'not_authenticated'): CliError =>
  new CliError(message, EXIT.auth, code);

/** The exit code of an API answer's status. */
export function exitCodeOfStatus(status: number): ExitCode {
  if (status === 401 || status === 403) return EXIT.auth;
  if (status === 404) return EXIT.notFound;
  if (status === 409) return EXIT.conflict;
  return EXIT.error;
}

/** One line, never a stack: what went wrong, then the server's code and request ID to quote. */
export function describeError(err: unknown): { line: string; exitCode: ExitCode } {
  if (err instanceof CliError) return { line: oneLine(err.message), exitCode: err.exitCode };
  if (err instanceof ApiError) {
    const fields = (err.body?.errors ?? []).map((e) => `${e.attr}: ${e.detail}`);
    // A 400 with field errors says what each field is wrong with; its detail only says "see errors".
    const detail = fields.length ? fields.join('; ') : err.message;
    const tags = [`code: ${err.code ?? `http_${err.status}`}`];
    if (err.requestId) tags.push(`request: ${err.requestId}`);
    let hint = '';
    if (err.status === 401) hint = ' Run `plinth login` to sign in again.';
    return { line: oneLine(`${detail} (${tags.join(', ')})${hint}`), exitCode: exitCodeOfStatus(err.status) };
  }
  if (err instanceof Error) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    if (err.name === 'TimeoutError')
      return { line: 'The server did not answer in time.', exitCode: EXIT.error };
    if (err.message === 'fetch failed' && cause)
      return {
        line: oneLine(`Cannot reach the server: ${cause.code ?? cause.message ?? 'no answer'}`),
        exitCode: EXIT.error,
      };
    return { line: oneLine(err.message), exitCode: EXIT.error };
  }
  return { line: oneLine(String(err)), exitCode: EXIT.error };
}

const oneLine = (text: string): string => text.replace(/\s*\n\s*/g, ' ').trim();
