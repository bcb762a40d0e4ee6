import type { Area } from '../area.ts';
import login from './routes/login.ts';
import loginOidc from './routes/login-oidc.ts';
import providers from './routes/providers.ts';

/** Signing in: not an area of its own data (auth/ is shared), but registered like one, first. */
export const authArea: Area = {
  name: 'auth',
  endpoints: [login, loginOidc, providers],
};
