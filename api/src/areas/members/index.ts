import type { Area } from '../area.ts';
import create from './routes/create.ts';
import remove from './routes/delete.ts';
import list from './routes/list.ts';
import update from './routes/update.ts';

/** Members of organizations and of workspaces: each endpoint is registered for both parents. */
export const membersArea: Area = {
  name: 'members',
  endpoints: [...list, ...create, ...update, ...remove],
};
