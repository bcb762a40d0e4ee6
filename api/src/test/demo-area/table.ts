import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { workspaces } from '../../core/db/schema/index.ts';

/**
 * The demo area's table. A real area's table is a file in core/db/schema/ with its migration made
 * by `npm run db:generate`; the demo's is made by its test with the statements of `CREATE_NOTES` so that the product's
 * migrations never carry it.
 */
export const notes = pgTable(
  'demo_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').notNull(),
    text: text('text').notNull(),
    createdBy: uuid('created_by'),
    /** Set by the area's job, which its schedule enqueues. */
    stampedAt: timestamp('stamped_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('demo_notes_workspace_text').on(t.workspaceId, t.text), index().on(t.stampedAt)],
);

export const CREATE_NOTES = [
  sql.raw(`
  create table if not exists demo_notes (
    id uuid primary key default gen_random_uuid(),
    workspace_id uuid not null references workspaces(id) on delete cascade,
    organization_id uuid not null,
    text text not null,
    created_by uuid,
    stamped_at timestamptz,
    created_at timestamptz not null default now(),
    constraint demo_notes_workspace_text unique (workspace_id, text)
  )`),
  sql.raw('create index if not exists demo_notes_stamped_at_idx on demo_notes (stamped_at)'),
];
