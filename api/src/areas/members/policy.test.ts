import { describePolicy } from '../../test/policy-table.ts';
import { membersArea } from './index.ts';

// design.md's permission table, written out again (double entry with the registration in index.ts):
// Super Admin, Org Admin, Workspace Admin, User, Viewer, and the scope a key needs.
describePolicy(membersArea, {
  'organization.members.manage': ['y y - - -', 'organizations:write'],
  'workspace.members.manage': ['y y y - -', 'workspaces:write'],
});
