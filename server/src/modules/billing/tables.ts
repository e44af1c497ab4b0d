import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Stripe events already applied: Stripe delivers at least once, so an event seen before is
 * acknowledged and not applied again (decision 0010).
 */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
