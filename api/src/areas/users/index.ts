import type { Area } from '../area.ts';
import create from './routes/create.ts';
import get from './routes/get.ts';
import list from './routes/list.ts';
import me from './routes/me.ts';
import update from './routes/update.ts';
import sso from './routes/sso.ts';
import identitiesCreate from './routes/identities-create.ts';
import sessionsDelete from './routes/sessions-delete.ts';

/** Users: the people who sign in. Their API keys: areas/keys. */
export const usersArea: Area = {
  name: 'users',
  endpoints: [list, create, me, get, update, sso, identitiesCreate, sessionsDelete],
};
