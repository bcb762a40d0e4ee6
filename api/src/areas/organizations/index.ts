import type { Area } from '../area.ts';
import create from './routes/create.ts';
import remove from './routes/delete.ts';
import get from './routes/get.ts';
import list from './routes/list.ts';
import update from './routes/update.ts';

/** Organizations: the tenants. Members: areas/members. */
export const organizationsArea: Area = {
  name: 'organizations',
  endpoints: [list, create, get, update, remove],
};
