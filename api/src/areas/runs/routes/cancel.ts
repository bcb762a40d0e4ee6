import { IdParams, jsonResponse, serviceContext } from '../../../http/common.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { endpoint } from '../../area.ts';
import { RunSchema } from '../schema.ts';
import { cancelRun } from '../service.ts';

/** POST /api/v1/action-runs/{id}/cancel/ */
export default endpoint(
  defineRoute({
    method: 'post',
    path: '/api/v1/action-runs/{id}/cancel/',
    tags: ['action-runs'],
    action: 'action_run.cancel',
    mcp: true,
    errors: [409],
    summary: 'Cancel a run (User)',
    description:
      'A queued run ends `killed` now; a running one is killed by its runner within about a second.',
    request: { params: IdParams },
    responses: { 202: jsonResponse('The run, with its cancel requested (or already killed).', RunSchema) },
  }),
  (deps) => async (c) => c.json(await cancelRun(serviceContext(c, deps), deps, c.req.valid('param').id), 202),
);
