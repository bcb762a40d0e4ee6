import { paginated } from '../../../core/pagination.ts';
import { jsonResponse, serviceContext } from '../../../http/common.ts';
import { endpoint } from '../../area.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { listAudit } from '../query.ts';
import { AuditEntrySchema, AuditListQuerySchema } from '../schema.ts';

/** GET /api/v1/audit-log/ */
export default endpoint(
  defineRoute({
    method: 'get',
    path: '/api/v1/audit-log/',
    description:
      'A page of the audit log, newest first, with filters. Super Admins see every entry; Org Admins the entries of their organizations.',
    list: true,
    tags: ['audit-log'],
    action: 'audit_log.view',
    mcp: true,
    summary: 'Security events, newest first (Super Admin: all; Org Admin: their organizations)',
    request: { query: AuditListQuerySchema },
    responses: {
      200: jsonResponse('A page of audit entries.', paginated(AuditEntrySchema, 'PaginatedAuditEntryList')),
    },
  }),
  (deps) => async (c) =>
    c.json(await listAudit(serviceContext(c, deps), new URL(c.req.url), c.req.valid('query')), 200),
);
