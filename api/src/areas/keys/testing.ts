import type { AreaTesting } from '../../test/operations.ts';

/** How the walks over every operation call the keys area's (api/src/test/operations.ts). */
export const testing: AreaTesting = {
  // An organization key of tenant `a`, for the paths that revoke one.
  prepare: async (w, a) => {
    const key = await w.expectStatus(201, 'POST', `/api/v1/organizations/${a.org.id}/api-keys/`, {
      token: a.orgAdmin.token,
      body: { name: 'k' },
    });
    return { key: key.id as string };
  },
  paths: { '{key_id}': (f) => f.objects.key! },
  bodies: {
    api_v1_users_me_api_keys_create: () => ({ name: 'k' }),
    api_v1_organizations_api_keys_create: () => ({ name: 'k' }),
    api_v1_system_api_keys_create: () => ({ name: 'k' }),
  },
};
