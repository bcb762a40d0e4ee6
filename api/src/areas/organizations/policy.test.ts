import { describePolicy } from '../../test/policy-table.ts';
import { organizationsArea } from './index.ts';

// design.md's permission table, written out again (double entry with the registration in index.ts):
// Super Admin, Org Admin, Workspace Admin, User, Viewer, and the scope a key needs.
describePolicy(organizationsArea, {
  'organization.view': ['y y y y y', 'organizations:read'],
  'organization.create': ['y - - - -', 'organizations:write'],
  'organization.delete': ['y - - - -', 'organizations:write'],
  'organization.update': ['y y - - -', 'organizations:write'],
});
