import type { Area } from '../../areas/area.ts';
import login from './login.ts';
import loginOidc from './login-oidc.ts';
import providers from './providers.ts';

/** Signing in: not an area of its own data (auth/ is shared), but registered like one, first. */
export const authArea: Area = {
  name: 'auth',
  endpoints: [login, loginOidc, providers],
};
