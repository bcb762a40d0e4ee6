import type { AreaTesting } from '../../test/operations.ts';

/** How the walks over every operation call the users area's (api/src/test/operations.ts). */
export const testing: AreaTesting = {
  paths: { '/api/v1/users/{id}': (f) => f.a.viewer.id },
  bodies: {
    api_v1_users_create: (w) => ({ username: w.unique('ops') }),
    api_v1_users_partial_update: () => ({ full_name: 'Renamed' }),
    // No provider is configured in the test app: 400 once the rights are checked.
    api_v1_users_identities_create: () => ({ provider: 'keycloak', subject: 'someone' }),
  },
  // A linked identity is a sign-in a key must not hand out (docs/authentication.md).
  interactiveOnly: ['api_v1_users_identities_create'],
  // User management is Super Admin only: refused before any lookup, whatever the ID.
  otherTenantStatus: {
    api_v1_users_partial_update: 403,
    api_v1_users_sso_retrieve: 403,
    api_v1_users_identities_create: 403,
    api_v1_users_sessions_destroy: 403,
  },
};
