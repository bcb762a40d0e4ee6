import { jsonResponse, rawResponse } from '../../../http/common.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { z } from '@hono/zod-openapi';
import { text } from '../../../core/schema.ts';
import { endpoint } from '../../area.ts';
import { assignmentsOf } from '../protocol.ts';
import { AssignmentsSchema } from '../schema/protocol.ts';

/** GET /api/v1/agent/endpoints/ */
export default endpoint(
  defineRoute({
    method: 'get',
    path: '/api/v1/agent/endpoints/',
    tags: ['monitoring'],
    agent: true,
    summary: "An agent's assignments: the endpoints it checks",
    description:
      'For monitoring agents (their `pla_` token only). The answer has an `ETag`; ask again with `If-None-Match` and ' +
      'get 304 while nothing changed. `X-Agent-ID`, if sent, must be the token’s agent (403 `agent_mismatch`).',
    request: {
      headers: z.object({
        'if-none-match': text()
          .max(200)
          .optional()
          .openapi({ description: 'The ETag of the last answer: 304 while nothing changed.' }),
        'x-agent-id': text()
          .max(64)
          .optional()
          .openapi({ description: "The original product's agents send it: it must be the token's agent." }),
      }),
    },
    responses: {
      200: jsonResponse('The endpoints to check.', AssignmentsSchema),
      304: { description: 'Nothing changed since the `If-None-Match` version.' },
    },
  }),
  (deps) => async (c) => {
    const { body, etag } = await assignmentsOf(deps.db, c.get('agent'));
    c.header('ETag', etag);
    c.header('Cache-Control', 'no-cache');
    const asked = c.req.valid('header')['if-none-match'];
    if (asked !== undefined && asked.split(',').some((t) => t.trim().replace(/^W\//, '') === etag))
      return rawResponse(new Response(null, { status: 304, headers: { etag, 'cache-control': 'no-cache' } }));
    return c.json(body, 200);
  },
);
