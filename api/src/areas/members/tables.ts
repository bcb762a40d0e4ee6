import { pgEnum, pgTable, primaryKey, index, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../core/db/columns.ts';
import { organizations } from '../organizations/tables.ts';
import { membershipSource, users } from '../users/tables.ts';
import { workspaces } from '../workspaces/tables.ts';

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

export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: memberRole().notNull(),
    // Always `manual`: no provider group names a workspace.
    source: membershipSource().notNull().default('manual'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    index('workspace_members_user_idx').on(t.userId),
  ],
);
