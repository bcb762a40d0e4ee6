import { z } from '@hono/zod-openapi';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../edges/http/app-env.ts';
import type { Database } from '../../core/db/client.ts';
import { defineRoute } from '../../edges/http/openapi.ts';
import { paginated, PageQuerySchema } from '../../core/pagination.ts';
import { AUDIT_EVENTS } from './writer.ts';
import { exportAudit, listAudit } from './query.ts';
import { jsonResponse, rawResponse } from '../../edges/http/common.ts';
import { Timestamp } from '../../core/schema.ts';

export const AuditEntrySchema = z
  .object({
    id: z.number().int(),
    occurred_at: Timestamp,
    event: z.string().openapi({ example: 'api_key.used' }),
    actor: z.uuid().nullable().openapi({ description: 'The acting user (for keys: its owner or creator).' }),
    username: z
      .string()
      .nullable()
      .openapi({ description: 'For failed logins: the username that was tried.' }),
    api_key: z.uuid().nullable(),
    organization: z.uuid().nullable(),
    ip: z.string().nullable(),
    request_id: z.string().nullable(),
    details: z
      .record(z.string(), z.unknown())
      .openapi({ description: 'Event data: endpoint, reason, key name, provider…' }),
  })
  .openapi('AuditEntry');

/**
 * An ISO 8601 time with an offset, from the year 1: PostgreSQL has no year 0, so `0000-…` (or
 * `0001-01-01T00:30+01:00`, which is still in year 0 in UTC) would fail the query.
 */
const Instant = z.iso
  .datetime({ offset: true })
  .refine((v) => new Date(v).getUTCFullYear() >= 1, { error: 'Must be a time from the year 1 on.' });

const Filters = z.object({
  event: z.enum(AUDIT_EVENTS).optional(),
  actor: z
    .uuid()
    .optional()
    .openapi({ param: { description: 'Acting user ID.' } }),
  organization: z.uuid().optional(),
  since: Instant.optional().openapi({ param: { description: 'Entries at or after this time.' } }),
  until: Instant.optional().openapi({ param: { description: 'Entries before this time.' } }),
});

const tags = ['audit-log'];

export function registerAuditLog(app: OpenAPIHono<AppEnv>, db: Database): void {
  app.openapi(
    defineRoute({
      method: 'get',
      path: '/api/v1/audit-log/',
      list: true,
      tags,
      summary: 'Security events, newest first (Super Admin: all; Org Admin: their organizations)',
      request: { query: PageQuerySchema.extend(Filters.shape) },
      responses: {
        200: jsonResponse('A page of audit entries.', paginated(AuditEntrySchema, 'PaginatedAuditEntryList')),
      },
    }),
    async (c) =>
      c.json(await listAudit(db, c.get('principal'), new URL(c.req.url), c.req.valid('query')), 200),
  );
  app.openapi(
    defineRoute({
      method: 'get',
      path: '/api/v1/audit-log/export/',
      tags,
      summary: 'Every matching entry, oldest first, as NDJSON (one JSON object per line)',
      request: { query: Filters },
      responses: {
        200: {
          description: 'NDJSON stream of AuditEntry objects.',
          content: { 'application/x-ndjson': { schema: z.string() } },
        },
      },
    }),
    async (c) => {
      const stream = await exportAudit(db, c.get('principal'), c.req.valid('query'));
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
}
