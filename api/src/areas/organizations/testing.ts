import type { AreaTesting } from '../../test/operations.ts';

/** How the walks over every operation call the organizations area's (api/src/test/operations.ts). */
export const testing: AreaTesting = {
  paths: { '/api/v1/organizations/{id}': (f) => f.a.org.id },
  bodies: {
    api_v1_organizations_create: (w) => ({ slug: w.unique('ops'), name: 'x' }),
    api_v1_organizations_partial_update: () => ({ name: 'Renamed' }),
  },
};
