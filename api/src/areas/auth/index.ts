import type { Area } from '../area.ts';
import { pruneLoginThrottle } from '../../auth/login-throttle.ts';
import { authRegistration } from '../../auth/registration.ts';
import { Sessions } from '../../auth/sessions.ts';
import { pruneUsedTokens } from '../../auth/sso/used-tokens.ts';
import login from './routes/login.ts';
import loginOidc from './routes/login-oidc.ts';
import logout from './routes/logout.ts';
import providers from './routes/providers.ts';

/** Signing in: the routes of auth/ (the shared floor below the areas), registered like an area, first. */
export const authArea: Area = {
  name: 'auth',
  tag: {
    name: 'auth',
    description:
      'Sign in with a username and password (or an identity provider) for a short-lived login token, and sign it out.',
  },
  registration: authRegistration,
  endpoints: [login, loginOidc, providers, logout],
  // Login-throttling counters whose window is over, sessions ended a day ago, and single-use tokens
  // that could no longer be accepted: deleted once a minute by every replica (idempotent, cheap).
  schedules: [
    { name: 'prune login throttling', everyMs: 60_000, run: ({ db }) => pruneLoginThrottle(db) },
    { name: 'prune sessions', everyMs: 60_000, run: ({ db }) => Sessions.prune(db) },
    { name: 'prune used tokens', everyMs: 60_000, run: ({ db }) => pruneUsedTokens(db) },
  ],
};
