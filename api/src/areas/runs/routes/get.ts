import { IdParams, jsonResponse, serviceContext } from '../../../http/common.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { endpoint } from '../../area.ts';
import { RunSchema } from '../schema.ts';
import { getRun } from '../service.ts';

/** GET /api/v1/action-runs/{id}/ */
export default endpoint(
  defineRoute({
    method: 'get',
    path: '/api/v1/action-runs/{id}/',
    tags: ['action-runs'],
    action: 'action_run.view',
    mcp: true,
    summary: 'Show a run',
    description:
      'The run with its status, exit code, who started it and the snapshot’s ID; its output is at …/output/.',
    request: { params: IdParams },
    responses: { 200: jsonResponse('The run.', RunSchema) },
  }),
  (deps) => async (c) => c.json(await getRun(serviceContext(c, deps), c.req.valid('param').id), 200),
);
