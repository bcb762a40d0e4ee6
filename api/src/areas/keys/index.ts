import type { Area } from '../area.ts';
import create from './routes/create.ts';
import list from './routes/list.ts';
import { KEY_OWNERS } from './routes/owners.ts';
import revoke from './routes/revoke.ts';

/** API keys: list, create and revoke, for each owner (a user, an organization, the system). */
export const keysArea: Area = {
  name: 'keys',
  endpoints: KEY_OWNERS.flatMap((owner) => [list(owner), create(owner), revoke(owner)]),
};
