import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../columns.ts';

/** A tenant. `slug` is the `{org}` in OIDC group names such as `svc-{org}-admins`. */
export const organizations = pgTable(
  'organizations',
  {
    id: id(),
    slug: text().notNull(),
    name: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('organizations_slug_key').on(t.slug)],
);

export type OrganizationRow = typeof organizations.$inferSelect;
