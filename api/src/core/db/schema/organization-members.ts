import { index, pgEnum, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns.ts';
import { organizations } from './organizations.ts';
import { membershipSource, users } from './users.ts';

/** Role of a member: `admin` is Org Admin (or Workspace Admin), then User, then Viewer. */
export const memberRole = pgEnum('member_role', ['admin', 'user', 'viewer']);
export type MemberRole = (typeof memberRole.enumValues)[number];

export const organizationMembers = pgTable(
  'organization_members',
  {
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: memberRole().notNull(),
    source: membershipSource().notNull().default('manual'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userId] }),
    index('organization_members_user_idx').on(t.userId),
  ],
);
