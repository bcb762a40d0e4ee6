import { paginated } from '../../../core/pagination.ts';
import { jsonResponse, serviceContext } from '../../../http/common.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { endpoint } from '../../area.ts';
import { RunListQuerySchema, RunSchema } from '../schema.ts';
import { listRuns } from '../service.ts';

/** GET /api/v1/action-runs/ */
export default endpoint(
  defineRoute({
    method: 'get',
    path: '/api/v1/action-runs/',
    list: true,
    tags: ['action-runs'],
    action: 'action_run.view',
    mcp: true,
    summary: "List a workspace's runs, newest first",
    description:
      'Runs of one workspace (`workspace`) or of every workspace the caller may see, newest first; filter by `status` or by `workflow_run` for a workflow’s steps.',
    request: { query: RunListQuerySchema },
    responses: { 200: jsonResponse('A page of runs.', paginated(RunSchema, 'PaginatedActionRunList')) },
  }),
  (deps) => async (c) =>
    c.json(await listRuns(serviceContext(c, deps), new URL(c.req.url), c.req.valid('query')), 200),
);
