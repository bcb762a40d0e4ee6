import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Columns every table has: a random UUID key and creation/update times with offset. */
export const id = () => uuid().primaryKey().defaultRandom();
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
