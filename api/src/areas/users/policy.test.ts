import { describePolicy } from '../../test/policy-table.ts';
import { usersArea } from './index.ts';

// design.md's permission table, written out again (double entry with the registration in index.ts):
// Super Admin, Org Admin, Workspace Admin, User, Viewer, and the scope a key needs.
describePolicy(usersArea, {
  'user.view_self': ['y y y y y', 'users:read'],
  'user.view': ['y - - - -', 'users:read'],
  'user.manage': ['y - - - -', 'users:write'],
});
