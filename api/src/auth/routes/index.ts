import type { Area } from '../../areas/area.ts';
import login from './login.ts';

/** Signing in: not an area of its own data (auth/ is shared), but registered like one, first. */
export const authArea: Area = {
  name: 'auth',
  endpoints: [login],
};
