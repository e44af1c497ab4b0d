import { timestamp } from 'drizzle-orm/pg-core';

/** When a row was made, set by the database. */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** When a row last changed; the writer sets it on each update. */
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
