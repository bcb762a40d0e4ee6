import { describePolicy } from '../../test/policy-table.ts';
import { monitoringArea } from './index.ts';

// Double entry with the registration in index.ts: Super Admin, Org Admin, Workspace Admin, User,
// Viewer, and the scope a key needs.
describePolicy(monitoringArea, {
  'agent.view': ['y y y y y', 'monitoring:read'],
  'agent.manage': ['y y y - -', 'monitoring:write'],
  'check_endpoint.view': ['y y y y y', 'monitoring:read'],
  'check_endpoint.manage': ['y y y y -', 'monitoring:write'],
  'alert.view': ['y y y y y', 'monitoring:read'],
  'alert.acknowledge': ['y y y y -', 'monitoring:write'],
});
