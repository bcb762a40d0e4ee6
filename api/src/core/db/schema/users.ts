import { sql } from 'drizzle-orm';
import { boolean, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../columns.ts';

/**
 * Where a role came from: granted by hand in Plinth (`manual`), or by the identity provider's
 * groups at sign-in (`idp`). Group sync adds, changes and removes `idp` grants only (docs/sso.md).
 */
export const membershipSource = pgEnum('membership_source', ['manual', 'idp']);
export type MembershipSource = (typeof membershipSource.enumValues)[number];

/**
 * People who use Plinth. `passwordHash` is an Argon2id PHC string (auth/passwords.ts) and null for
 * users who only sign in through SSO. `isSuperuser` is the Super Admin role ("staff").
 */
export const users = pgTable(
  'users',
  {
    id: id(),
    username: text().notNull(),
    email: text(),
    fullName: text().notNull().default(''),
    passwordHash: text(),
    isSuperuser: boolean().notNull().default(false),
    /** Who made the user a Super Admin: by hand, or the provider's `svc-admins` group (group sync). */
    superuserSource: membershipSource().notNull().default('manual'),
    isActive: boolean().notNull().default(true),
    lastLoginAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`)],
);

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
