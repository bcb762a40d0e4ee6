import type { AreaTesting } from '../../test/operations.ts';

/** How the walks over every operation call the workspaces area's (api/src/test/operations.ts). */
export const testing: AreaTesting = {
  paths: { '/api/v1/workspaces/{id}': (f) => f.a.workspace.id },
  bodies: {
    api_v1_workspaces_create: (w, f) => ({ organization: f.a.org.id, name: w.unique('ops') }),
    api_v1_workspaces_partial_update: () => ({ config: {} }),
  },
};
