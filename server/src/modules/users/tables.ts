import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { SubscriptionPlan, SubscriptionStatus } from '@kiln/shared';
import { createdAt } from '../../db/columns';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name'),
    username: text('username'),
    passwordHash: text('password_hash').notNull(),
    subscriptionPlan: text('subscription_plan').$type<SubscriptionPlan>().notNull().default('free'),
    subscriptionStatus: text('subscription_status')
      .$type<SubscriptionStatus>()
      .notNull()
      .default('free'),
    isAdmin: boolean('is_admin').notNull().default(false),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** The Stripe customer a checkout created, reused by the next one. */
    stripeCustomerId: text('stripe_customer_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Emails and usernames are unique regardless of case.
    uniqueIndex('users_email_lower_idx').on(sql`lower(${table.email})`),
    uniqueIndex('users_username_lower_idx').on(sql`lower(${table.username})`),
  ],
);

export type UserRow = typeof users.$inferSelect;
