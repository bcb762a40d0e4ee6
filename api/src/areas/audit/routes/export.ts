import { z } from '@hono/zod-openapi';
import { rawResponse, serviceContext } from '../../../http/common.ts';
import { endpoint } from '../../area.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { exportAudit } from '../query.ts';
import { AuditFilterSchema } from '../schema.ts';

/** GET /api/v1/audit-log/export/ */
export default endpoint(
  defineRoute({
    method: 'get',
    path: '/api/v1/audit-log/export/',
    tags: ['audit-log'],
    action: 'audit_log.view',
    summary: 'Every matching entry, oldest first, as NDJSON (one JSON object per line)',
    description:
      'The whole matching log as a download, streamed: each line is one `AuditEntry` as JSON. ' +
      'Same filters and visibility as the list.',
    request: { query: AuditFilterSchema },
    responses: {
      200: {
        description: 'NDJSON stream of AuditEntry objects.',
        content: { 'application/x-ndjson': { schema: z.string() } },
      },
    },
  }),
  (deps) => async (c) => {
    const stream = await exportAudit(serviceContext(c, deps), c.req.valid('query'));
    return rawResponse(
      new Response(stream, {
        status: 200,
        headers: {
          'Content-Type': 'application/x-ndjson; charset=utf-8',
          'Content-Disposition': 'attachment; filename="plinth-audit-log.ndjson"',
        },
      }),
    );
  },
);
