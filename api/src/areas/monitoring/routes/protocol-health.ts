import { jsonBody, jsonResponse } from '../../../http/common.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { endpoint } from '../../area.ts';
import { recordHealth } from '../protocol.ts';
import { HealthAnswerSchema, HealthReportSchema } from '../schema/protocol.ts';

/** POST /api/v1/agent/health/ */
export default endpoint(
  defineRoute({
    method: 'post',
    path: '/api/v1/agent/health/',
    tags: ['monitoring'],
    agent: true,
    summary: "An agent's health report",
    description:
      'For monitoring agents: status, version, uptime and counters. `check_results` sent with it are stored as ' +
      '`POST /api/v1/agent/results/` would. Never creates an agent: the token names it.',
    request: { body: jsonBody(HealthReportSchema) },
    responses: { 201: jsonResponse('Recorded.', HealthAnswerSchema) },
  }),
  (deps) => async (c) => c.json(await recordHealth(deps.db, c.get('agent'), c.req.valid('json')), 201),
);
