import type { AreaTesting } from '../../test/operations.ts';

/** How the walks over every operation call the events area's (api/src/test/operations.ts). */
export const testing: AreaTesting = {
  // The event and the handler come from the runs area's `prepare` (its DEMO_CONFIG).
  paths: { '/api/v1/events/{id}': (f) => f.objects.event!, '{name}': () => 'webhook' },
  bodies: {
    api_v1_workspaces_event_handlers_enable_create: () => undefined,
    api_v1_events_redeliver_create: () => ({}),
    api_v1_workspaces_event_handlers_secret_create: () => ({}),
  },
};
