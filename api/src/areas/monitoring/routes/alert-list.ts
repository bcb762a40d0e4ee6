import { paginated } from '../../../core/pagination.ts';
import { jsonResponse, serviceContext } from '../../../http/common.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { endpoint } from '../../area.ts';
import { listAlerts } from '../alerts/service.ts';
import { AlertListQuerySchema, AlertSchema } from '../schema/alerts.ts';

/** GET /api/v1/alerts/ */
export default endpoint(
  defineRoute({
    method: 'get',
    path: '/api/v1/alerts/',
    list: true,
    tags: ['monitoring'],
    action: 'alert.view',
    mcp: true,
    summary: 'List alerts, newest first',
    description:
      'Firing and resolved alerts the caller may see; filter by `workspace`, `organization`, `state`, `acknowledged` or `endpoint`.',
    request: { query: AlertListQuerySchema },
    responses: { 200: jsonResponse('A page of alerts.', paginated(AlertSchema, 'PaginatedAlertList')) },
  }),
  (deps) => async (c) =>
    c.json(await listAlerts(serviceContext(c, deps), new URL(c.req.url), c.req.valid('query')), 200),
);
