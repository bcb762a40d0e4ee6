import type { Logger } from 'pino';
import type { PlinthFailure } from '../plinth-api/buckets.ts';
import { errorMessage } from '../runtime/errors.ts';
import { TerminalError } from '../runtime/workers.ts';
import type { Result } from '../runtime/workers.ts';
import { Reasons } from './conditions.ts';
import type { Reason } from './conditions.ts';

/**
 * After a 409 on an S3Bucket write (the cache was older than the server's copy). The informer's
 * update event usually brings the key back sooner; this is the fallback.
 */
const CONFLICT_RETRY_MS = 1_000;

/** A reconcile that must stop with a condition: terminal (wait for a change) or retried. */
export class Stop extends Error {
  readonly reason: Reason;
  readonly terminal: boolean;
  readonly requeueAfterMs: number | undefined;
  constructor(reason: Reason, message: string, opts: { terminal: boolean; requeueAfterMs?: number }) {
    super(message);
    this.reason = reason;
    this.terminal = opts.terminal;
    this.requeueAfterMs = opts.requeueAfterMs;
  }
}

/** The answer's field errors as `attr: detail`: they, not the envelope's detail, say what to change. */
function fieldErrors(f: PlinthFailure): string {
  return (f.error?.errors ?? [])
    .map((e) => (e.attr === 'non_field_errors' ? e.detail : `${e.attr}: ${e.detail}`))
    .join(' ');
}

/** Sorts an API failure into a condition reason, terminal or retried; its message carries the field errors. */
export function apiFailure(f: PlinthFailure): Stop {
  return sortFailure(f, fieldErrors(f));
}

function sortFailure(f: PlinthFailure, fields: string): Stop {
  const detail = f.error?.detail ?? '';
  // A refused spec: the field errors alone (the envelope only says "see errors for each field").
  const refusal = fields || detail;
  const withFields = (message: string) => (fields ? `${message} ${fields}` : message);
  switch (f.kind) {
    case 'unavailable':
      // The API's own hint (429 `storage_busy` under a storm, 503 with Retry-After) paces the
      // retry; without one, the queue's per-key backoff does.
      return new Stop(
        Reasons.ApiUnavailable,
        withFields(`The Plinth API is unavailable (${f.cause}): ${f.message}`),
        {
          terminal: false,
          ...(f.retryAfterSeconds !== undefined && {
            requeueAfterMs: Math.max(1, f.retryAfterSeconds) * 1000,
          }),
        },
      );
    case 'busy':
      return new Stop(Reasons.Provisioning, withFields('The bucket is being changed by the API; waiting.'), {
        terminal: false,
        requeueAfterMs: Math.max(1, f.retryAfterSeconds ?? 2) * 1000,
      });
    case 'name_taken':
      return new Stop(
        Reasons.NameTaken,
        withFields(
          'A bucket with this name already exists and belongs to another organization, workspace or resource.',
        ),
        { terminal: true },
      );
    case 'not_supported':
      return new Stop(Reasons.CorsNotSupported, refusal || 'The storage cluster cannot set CORS rules.', {
        terminal: true,
      });
    case 'invalid':
      if (f.attrs.includes('name')) return new Stop(Reasons.InvalidName, refusal, { terminal: true });
      if (f.attrs.includes('region')) return new Stop(Reasons.UnknownRegion, refusal, { terminal: true });
      return new Stop(Reasons.InvalidSpec, refusal, { terminal: true });
    case 'unauthenticated':
      return new Stop(
        Reasons.Unauthorized,
        withFields('The API refused the operator token (PLINTH_API_TOKEN or PLINTH_API_TOKEN_FILE).'),
        {
          terminal: false,
        },
      );
    case 'forbidden':
      return new Stop(Reasons.Forbidden, withFields(`The operator token may not do this: ${detail}`), {
        terminal: false,
      });
    case 'not_found':
      return new Stop(
        Reasons.WorkspaceNotFound,
        withFields(
          'The organization or workspace this namespace maps to does not exist, or the operator token cannot see it.',
        ),
        { terminal: true },
      );
    case 'not_empty':
    case 'rejected':
      return new Stop(Reasons.InvalidSpec, withFields(`The API refused the request: ${detail}`), {
        terminal: true,
      });
  }
}

/**
 * What the workers get from a pass that stopped (its condition already written): a requeue after
 * the delay it asks for, else an error, retried with backoff unless terminal.
 */
export function outcomeOf(stop: Stop): Result {
  if (stop.terminal) throw new TerminalError(`${stop.reason}: ${stop.message}`, { cause: stop });
  if (stop.requeueAfterMs !== undefined) return { requeueAfterMs: stop.requeueAfterMs };
  throw new Error(`${stop.reason}: ${stop.message}`, { cause: stop });
}

/**
 * A write refused because the cache was older than the server's copy: not a failure. Nothing
 * computed from the stale copy is written; the next pass starts from the newer one.
 */
export function requeueOnConflict(logger: Logger, key: string, err: unknown): Result {
  logger.debug({ bucket: key, err: errorMessage(err) }, 'conflict: the cache was stale; requeued');
  return { requeueAfterMs: CONFLICT_RETRY_MS };
}
