import { IdParams, jsonBody, jsonResponse, serviceContext } from '../../../http/common.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { endpoint } from '../../area.ts';
import { RunFinishSchema, RunSchema } from '../schema.ts';
import { finishRun } from '../service.ts';

/** POST /api/v1/action-runs/{id}/finish/ */
export default endpoint(
  defineRoute({
    method: 'post',
    path: '/api/v1/action-runs/{id}/finish/',
    tags: ['action-runs'],
    action: 'action_run.run',
    mcp: true,
    errors: [409],
    summary: 'Report how a client’s run ended (its starter)',
    description:
      'Exit 0 ends it `stopped` (event level Info), anything else `failed` (Error); its event goes to the handlers.',
    request: { params: IdParams, body: jsonBody(RunFinishSchema) },
    responses: { 200: jsonResponse('The ended run.', RunSchema) },
  }),
  (deps) => async (c) =>
    c.json(await finishRun(serviceContext(c, deps), deps, c.req.valid('param').id, c.req.valid('json')), 200),
);
