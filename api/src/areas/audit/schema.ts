import { z } from '@hono/zod-openapi';
import { PageQuerySchema } from '../../core/pagination.ts';
import { Timestamp } from '../../core/schema.ts';
import { AUDIT_EVENTS } from './writer.ts';

/** One audit-log entry as every edge shows it. */
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
export type AuditEntry = z.output<typeof AuditEntrySchema>;

/**
 * An ISO 8601 time with an offset, from the year 1: PostgreSQL has no year 0, so `0000-…` (or
 * `0001-01-01T00:30+01:00`, which is still in year 0 in UTC) would fail the query.
 */
const Instant = z.iso
  .datetime({ offset: true })
  .refine((v) => new Date(v).getUTCFullYear() >= 1, { error: 'Must be a time from the year 1 on.' });

/** The filters of the list and the export. */
export const AuditFilterSchema = z.object({
  event: z.enum(AUDIT_EVENTS).optional(),
  actor: z
    .uuid()
    .optional()
    .openapi({ param: { description: 'Acting user ID.' } }),
  organization: z.uuid().optional(),
  since: Instant.optional().openapi({ param: { description: 'Entries at or after this time.' } }),
  until: Instant.optional().openapi({ param: { description: 'Entries before this time.' } }),
});
export type AuditFilter = z.output<typeof AuditFilterSchema>;

export const AuditListQuerySchema = PageQuerySchema.extend(AuditFilterSchema.shape);
export type AuditListQuery = z.output<typeof AuditListQuerySchema>;
