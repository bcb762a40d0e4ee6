import { jsonBody, jsonResponse } from '../../../http/common.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { endpoint } from '../../area.ts';
import { recordErrors } from '../protocol.ts';
import { ErrorAnswerSchema, ErrorReportSchema } from '../schema/protocol.ts';

/** POST /api/v1/agent/errors/ */
export default endpoint(
  defineRoute({
    method: 'post',
    path: '/api/v1/agent/errors/',
    tags: ['monitoring'],
    agent: true,
    summary: "An agent's error report",
    description:
      'For monitoring agents: error counts and up to 50 recent errors; the agent page shows the latest.',
    request: { body: jsonBody(ErrorReportSchema) },
    responses: { 201: jsonResponse('Recorded.', ErrorAnswerSchema) },
  }),
  (deps) => async (c) => c.json(await recordErrors(deps.db, c.get('agent'), c.req.valid('json')), 201),
);
