import { describePolicy } from '../../test/policy-table.ts';
import { runsArea } from './index.ts';

// design.md's permission table ("Run action runs": User and up), written out again (double entry
// with the registration in index.ts): Super Admin, Org Admin, Workspace Admin, User, Viewer, scope.
describePolicy(runsArea, {
  'action_run.view': ['y y y y y', 'runs:read'],
  'action_run.run': ['y y y y -', 'runs:write'],
  'action_run.cancel': ['y y y y -', 'runs:write'],
});
