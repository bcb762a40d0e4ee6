import { describePolicy } from '../../test/policy-table.ts';
import { workspacesArea } from './index.ts';

// design.md's permission table, written out again (double entry with the registration in index.ts):
// Super Admin, Org Admin, Workspace Admin, User, Viewer, and the scope a key needs.
describePolicy(workspacesArea, {
  'workspace.view': ['y y y y y', 'workspaces:read'],
  'workspace.create': ['y y - - -', 'workspaces:write'],
  'workspace.delete': ['y y - - -', 'workspaces:write'],
  'workspace.configure': ['y y y - -', 'workspaces:write'],
});
