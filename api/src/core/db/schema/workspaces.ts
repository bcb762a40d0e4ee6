import { jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../columns.ts';
import { organizations } from './organizations.ts';

/** A workspace inside an organization. `config` is a free JSON object (later: the `events` key). */
export const workspaces = pgTable(
  'workspaces',
  {
    id: id(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    config: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The unique index's leading column also serves lookups by organization.
  (t) => [uniqueIndex('workspaces_organization_name_key').on(t.organizationId, t.name)],
);

export type WorkspaceRow = typeof workspaces.$inferSelect;
