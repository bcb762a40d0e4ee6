import type { AuditLog } from '../../core/audit/writer.ts';
import type { Database } from '../../core/db/client.ts';
import type { Logger } from '../../core/logger.ts';
import type { SecretBox } from '../../core/secret-box.ts';
import type { RequestInfo } from '../context.ts';
import type { Sessions } from '../sessions.ts';
import type { OidcProviderConfig } from './config.ts';
import type { OidcProviders } from './providers.ts';

/** What the SSO flows are built with (the UI edge makes one). */
export interface SsoContext {
  readonly db: Database;
  readonly audit: AuditLog;
  readonly logger: Logger;
  readonly providers: OidcProviders;
  readonly sessions: Sessions;
  readonly box: SecretBox;
}

/** Why a sign-in failed: audited as `sso.login_failed` with this reason, shown to the user in words. */
export type SsoFailure =
  | 'state_mismatch'
  | 'flow_expired'
  | 'provider_error'
  | 'provider_unavailable'
  | 'token_invalid'
  | 'token_replayed'
  | 'unknown_user'
  | 'user_inactive';

export class SsoLoginError extends Error {
  override readonly name = 'SsoLoginError';
  readonly reason: SsoFailure;
  constructor(reason: SsoFailure, message: string) {
    super(message);
    this.reason = reason;
  }
}

/** A sign-in's failure with `reason`: audited, and the error to throw (shown with `message`). */
export type LoginFailure = (
  reason: SsoFailure,
  message: string,
  details?: Record<string, unknown>,
) => Promise<SsoLoginError>;

/**
 * How a sign-in with `provider` fails: each failure is audited (`sso.login_failed`, with its reason,
 * the `method` when given, and `details`) and made the {@link SsoLoginError} to throw.
 */
export function loginFailure(
  ctx: SsoContext,
  provider: OidcProviderConfig,
  req: RequestInfo,
  method?: 'id_token',
): LoginFailure {
  return async (reason, message, details = {}) => {
    await ctx.audit.recordUnauthenticated({
      event: 'sso.login_failed',
      ip: req.ip,
      requestId: req.requestId,
      details: { provider: provider.name, reason, ...(method && { method }), ...details },
    });
    return new SsoLoginError(reason, message);
  };
}
