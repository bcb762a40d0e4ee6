import { jsonBody, jsonResponse, serviceContext } from '../../../http/common.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { endpoint } from '../../area.ts';
import { RunSchema, RunStartSchema } from '../schema.ts';
import { startRun } from '../service.ts';

/** POST /api/v1/action-runs/ */
export default endpoint(
  defineRoute({
    method: 'post',
    path: '/api/v1/action-runs/',
    tags: ['action-runs'],
    action: 'action_run.run',
    mcp: true,
    errors: [409],
    summary: 'Run an action or a workflow of the workspace configuration (User)',
    description:
      'Creates a transaction with a snapshot of the configuration in effect. `run_by: server` (default) queues it for the API’s runner (409 `no_runner` when there is none); `run_by: client` records a run the caller executes and reports with finish. A workflow runs its steps in order, one transaction and one event each.',
    request: { body: jsonBody(RunStartSchema) },
    responses: { 201: jsonResponse('The run (for a workflow: its first step).', RunSchema) },
  }),
  (deps) => async (c) => c.json(await startRun(serviceContext(c, deps), deps, c.req.valid('json')), 201),
);
