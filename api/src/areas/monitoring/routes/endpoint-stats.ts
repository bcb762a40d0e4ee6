import { IdParams, jsonResponse, serviceContext } from '../../../http/common.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { endpoint } from '../../area.ts';
import { EndpointStatsSchema, StatsQuerySchema } from '../schema/stats.ts';
import { endpointStats } from '../stats.ts';

/** GET /api/v1/endpoints/{id}/stats/ */
export default endpoint(
  defineRoute({
    method: 'get',
    path: '/api/v1/endpoints/{id}/stats/',
    tags: ['monitoring'],
    action: 'check_endpoint.view',
    mcp: true,
    summary: "An endpoint's uptime, reachability and latency percentiles",
    description:
      'Over the last hour, day, week or 30 days (`window`), overall and per location, with a latency series of up to 60 points. ' +
      'Uptime: the share of check periods with at least one success; reachability: the share of successful checks.',
    request: { params: IdParams, query: StatsQuerySchema },
    responses: { 200: jsonResponse('The figures.', EndpointStatsSchema) },
  }),
  (deps) => async (c) =>
    c.json(
      await endpointStats(serviceContext(c, deps), c.req.valid('param').id, c.req.valid('query').window),
      200,
    ),
);
