import type { Registration } from '../core/registry.ts';

/**
 * What signing in and authenticating bring to the shared lists (core/registry.ts): the audit events
 * auth/ itself writes. The sign-in routes are the `auth` area (areas/auth).
 */
export const authRegistration = {
  auditEvents: [
    'login.succeeded',
    'login.failed',
    'sso.login',
    'sso.login_failed',
    'sso.group_sync',
    'sso.identity_linked',
    'session.logout',
    'session.revoked',
    'api_key.used',
    'service_account.used',
  ],
  errorCodes: ['not_a_login_token'],
} as const satisfies Registration;

declare module '../core/registry.ts' {
  interface Registered {
    auth: typeof authRegistration;
  }
}
