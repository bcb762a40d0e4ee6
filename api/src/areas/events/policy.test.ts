import { describePolicy } from '../../test/policy-table.ts';
import { eventsArea } from './index.ts';

// Double entry with the registration in index.ts: Super Admin, Org Admin, Workspace Admin, User,
// Viewer, and the scope a key needs.
describePolicy(eventsArea, {
  'event.view': ['y y y y y', 'events:read'],
  'event.redeliver': ['y y y - -', 'events:write'],
  'event_handler.configure': ['y y y - -', 'events:write'],
});
