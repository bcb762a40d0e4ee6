import { describePolicy } from '../../test/policy-table.ts';
import { auditArea } from './index.ts';

// design.md's permission table, written out again (double entry with the registration in index.ts):
// Super Admin, Org Admin, Workspace Admin, User, Viewer, and the scope a key needs.
describePolicy(auditArea, {
  'audit_log.view': ['y y - - -', 'audit:read'],
});
