import type { AreaTesting } from '../../test/operations.ts';

/** A configuration with one block whose action a client runs (the walks' app has no runner). */
export const DEMO_CONFIG = {
  blocks: [{ name: 'app', image: 'demo:v1', actions: [{ name: 'hello', script: 'echo hello' }] }],
  events: { handler: 'webhook', endpoint: 'https://hooks.example.com/plinth' },
};

/** How the walks over every operation call the runs area's (api/src/test/operations.ts). */
export const testing: AreaTesting = {
  // A client's run still open (finish, cancel), and one ended, whose event the events area addresses.
  prepare: async (w, a) => {
    await w.expectStatus(200, 'PATCH', `/api/v1/workspaces/${a.workspace.id}/`, {
      token: a.orgAdmin.token,
      body: { config: DEMO_CONFIG },
    });
    const start = () =>
      w.expectStatus(201, 'POST', '/api/v1/action-runs/', {
        token: a.user.token,
        body: { workspace: a.workspace.id, block: 'app', action: 'hello', run_by: 'client' },
      });
    const open = await start();
    const ended = await start();
    await w.expectStatus(200, 'POST', `/api/v1/action-runs/${ended.id}/finish/`, {
      token: a.user.token,
      body: { exit_code: 0 },
    });
    const [event] = await w.expectStatus(200, 'GET', `/api/v1/action-runs/${ended.id}/events/`, {
      token: a.user.token,
    });
    return { run: open.id as string, event: event.id as string };
  },
  paths: { '/api/v1/action-runs/{id}': (f) => f.objects.run! },
  bodies: {
    api_v1_action_runs_cancel_create: () => undefined,
    api_v1_action_runs_create: (_w, f) => ({
      workspace: f.a.workspace.id,
      block: 'app',
      action: 'hello',
      run_by: 'client',
    }),
    api_v1_action_runs_finish_create: () => ({ exit_code: 0 }),
  },
};
