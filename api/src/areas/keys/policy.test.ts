import { describePolicy } from '../../test/policy-table.ts';
import { keysArea } from './index.ts';

// design.md's permission table, written out again (double entry with the registration in index.ts):
// Super Admin, Org Admin, Workspace Admin, User, Viewer, and the scope a key needs.
describePolicy(keysArea, {
  'api_key.user.list': ['y y y y -', 'keys:read'],
  'api_key.user.create': ['y y y y -', 'keys:write'],
  'api_key.organization.list': ['y y - - -', 'keys:read'],
  'api_key.organization.manage': ['y y - - -', 'keys:write'],
  'api_key.system.list': ['y - - - -', 'keys:read'],
  'api_key.system.manage': ['y - - - -', 'keys:write'],
});
