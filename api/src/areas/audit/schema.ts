import { z } from '@hono/zod-openapi';
import { PageQuerySchema } from '../../core/pagination.ts';
import { listOf, registeredEnum, Timestamp } from '../../core/schema.ts';
import { auditEvents } from '../../core/audit/writer.ts';
import type { AuditEventType } from '../../core/audit/writer.ts';

const AuditEventSchema = registeredEnum<AuditEventType>(
  'AuditEvent',
  auditEvents,
  'The kind of an audit-log entry (docs/audit-log.md).',
);

/** One audit-log entry as every edge shows it. */
export const AuditEntrySchema = z
  .object({
    id: z.number().int().openapi({ description: 'The entry number: later entries have higher numbers.' }),
    occurred_at: Timestamp.openapi({ description: 'When it happened.' }),
    event: z.string().openapi({
      description: 'What happened (an `AuditEvent`; a string so that new kinds never break a client).',
      example: 'api_key.used',
    }),
    actor: z.uuid().nullable().openapi({ description: 'The acting user (for keys: its owner or creator).' }),
    username: z
      .string()
      .nullable()
      .openapi({ description: 'For failed logins: the username that was tried.' }),
    api_key: z.uuid().nullable().openapi({ description: 'The API key used, if any.' }),
    organization: z.uuid().nullable().openapi({ description: 'The organization concerned, if any.' }),
    ip: z.string().nullable().openapi({ description: "The client's address, if known." }),
    request_id: z
      .string()
      .nullable()
      .openapi({ description: 'The ID of the request that caused it, if any.' }),
    details: z
      .record(z.string(), z.unknown())
      .openapi({ description: 'Event data: endpoint, reason, key name, provider…' }),
  })
  .openapi('AuditEntry', {
    description: 'One audit-log entry.',
    example: {
      id: 4711,
      occurred_at: '2026-11-21T10:00:00.000Z',
      event: 'api_key.used',
      actor: '6d3f0c8e-5b1a-4f7e-9c2d-8a4b3e1f0a77',
      username: null,
      api_key: '9c1e2d3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f',
      organization: '0b7e4c2a-9d1f-4e3b-8a6c-5f2d1e0c9b8a',
      ip: '203.0.113.7',
      request_id: '1b0c7a5e-4a7e-4d5b-9a55-0d6f3c2f0b61',
      details: { endpoint: 'GET /api/v1/s3/buckets/' },
    },
  });
export type AuditEntry = z.output<typeof AuditEntrySchema>;

/**
 * An ISO 8601 time with an offset, from the year 1: PostgreSQL has no year 0, so `0000-…` (or
 * `0001-01-01T00:30+01:00`, which is still in year 0 in UTC) would fail the query.
 */
const Instant = z.iso
  .datetime({ offset: true })
  .refine((v) => new Date(v).getUTCFullYear() >= 1, { error: 'Must be a time from the year 1 on.' });

/** The events a comma-separated `exclude_event` names. */
export const excludedEvents = (f: { exclude_event?: string | undefined }): string[] =>
  f.exclude_event ? f.exclude_event.split(',') : [];

/** The filters of the list and the export. */
export const AuditFilterSchema = z.object({
  event: AuditEventSchema.optional().openapi({ param: { description: 'Only entries of this kind.' } }),
  actor: z
    .uuid()
    .optional()
    .openapi({ param: { description: 'Acting user ID.' } }),
  organization: z
    .uuid()
    .optional()
    .openapi({ param: { description: 'Only entries concerning this organization.' } }),
  since: Instant.optional().openapi({ param: { description: 'Entries at or after this time.' } }),
  until: Instant.optional().openapi({ param: { description: 'Entries before this time.' } }),
  exclude_event: listOf('AuditEvent', 'Audit events separated by commas.')
    .optional()
    .openapi({
      param: {
        description:
          'Leave out entries of these kinds: event names separated by commas, such as `api_key.used,service_account.used` (routine key use, most of a busy log).',
        example: 'api_key.used,service_account.used',
      },
    }),
});
export type AuditFilter = z.output<typeof AuditFilterSchema>;

export const AuditListQuerySchema = PageQuerySchema.extend(AuditFilterSchema.shape);
export type AuditListQuery = z.output<typeof AuditListQuerySchema>;
