import type { Area } from '../area.ts';
import { authRegistration } from '../../auth/registration.ts';
import login from './routes/login.ts';
import loginOidc from './routes/login-oidc.ts';
import providers from './routes/providers.ts';

/** Signing in: the routes of auth/ (the shared floor below the areas), registered like an area, first. */
export const authArea: Area = {
  name: 'auth',
  tag: { name: 'auth', description: 'Sign in with a username and password for a short-lived login token.' },
  registration: authRegistration,
  endpoints: [login, loginOidc, providers],
};
