import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The append-only security log. No foreign keys: entries outlive the users, keys and
 * organizations they mention. `username` keeps the name as it was (for failed logins, the name
 * that was tried).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    event: text().notNull(),
    actorUserId: uuid(),
    apiKeyId: uuid(),
    organizationId: uuid(),
    username: text(),
    ip: text(),
    requestId: text(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('audit_log_occurred_idx').on(t.occurredAt),
    index('audit_log_event_occurred_idx').on(t.event, t.occurredAt),
    index('audit_log_organization_occurred_idx').on(t.organizationId, t.occurredAt),
    index('audit_log_actor_occurred_idx').on(t.actorUserId, t.occurredAt),
    // Login throttling counts recent failures by name and by address.
    index('audit_log_failed_login_user_idx')
      .on(sql`lower(${t.username})`, t.occurredAt)
      .where(sql`${t.event} = 'login.failed'`),
    index('audit_log_failed_login_ip_idx')
      .on(t.ip, t.occurredAt)
      .where(sql`${t.event} = 'login.failed'`),
  ],
);

export type AuditEntryRow = typeof auditLog.$inferSelect;

/** The organization ID counted for entries without one (logins, system-wide events). */
export const NO_ORGANIZATION = '00000000-0000-0000-0000-000000000000';
