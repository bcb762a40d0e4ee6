import type { AreaTesting } from '../../test/operations.ts';

/** How the walks over every operation call the members area's (api/src/test/operations.ts). */
export const testing: AreaTesting = {
  // `{user_id}` is the member each walk chooses; a role change lowers or raises it as the walk needs.
  bodies: {
    api_v1_organizations_members_create: (_w, f) => ({ username: f.spare.username, role: 'viewer' }),
    api_v1_organizations_members_partial_update: () => ({ role: 'user' }),
    api_v1_workspaces_members_create: (_w, f) => ({ username: f.spare.username, role: 'viewer' }),
    api_v1_workspaces_members_partial_update: () => ({ role: 'user' }),
  },
  // A new member holds their own sign-ins there: a key must not add one (docs/authentication.md).
  interactiveOnly: ['api_v1_organizations_members_create', 'api_v1_workspaces_members_create'],
};
