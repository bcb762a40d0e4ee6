import { describePolicy } from '../../test/policy-table.ts';
import { bucketsArea } from './index.ts';

// design.md's permission table, written out again (double entry with the registration in index.ts):
// Super Admin, Org Admin, Workspace Admin, User, Viewer, and the scope a key needs.
describePolicy(bucketsArea, {
  'bucket.view': ['y y y y y', 'buckets:read'],
  'bucket.create': ['y y y y -', 'buckets:write'],
  'bucket.reveal_credentials': ['y y y y -', 'buckets:write'],
  'bucket.delete': ['y y y - -', 'buckets:write'],
  'bucket.import': ['y - - - -', 'buckets:write'],
});
