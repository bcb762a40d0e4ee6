import type { Area } from './area.ts';
import { registerAreas } from './area.ts';
import { authArea } from './auth/index.ts';
import { auditArea } from './audit/index.ts';
import { bucketsArea } from './buckets/index.ts';
import { eventsArea } from './events/index.ts';
import { keysArea } from './keys/index.ts';
import { membersArea } from './members/index.ts';
import { monitoringArea } from './monitoring/index.ts';
import { runsArea } from './runs/index.ts';
import { organizationsArea } from './organizations/index.ts';
import { usersArea } from './users/index.ts';
import { workspacesArea } from './workspaces/index.ts';

/**
 * Every area, in the order their endpoints appear in the OpenAPI document. The one registration
 * an area needs: app.ts registers the endpoints and metrics, index.ts the job kinds.
 */
export const AREAS: readonly Area[] = [
  authArea,
  usersArea,
  organizationsArea,
  workspacesArea,
  membersArea,
  keysArea,
  auditArea,
  bucketsArea,
  runsArea,
  eventsArea,
  monitoringArea,
];

registerAreas(AREAS);
