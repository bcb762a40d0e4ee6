import type { Area } from '../area.ts';
import create from './routes/create.ts';
import remove from './routes/delete.ts';
import get from './routes/get.ts';
import list from './routes/list.ts';
import update from './routes/update.ts';

/** Workspaces: an organization's units of work. Members: areas/members. */
export const workspacesArea: Area = {
  name: 'workspaces',
  endpoints: [list, create, get, update, remove],
};
