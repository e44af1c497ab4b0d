import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

/**
 * Who did what, for administrators: sign-ins, plan and role changes, members, secrets' names,
 * Git connections, terminals, admin actions. `details` never holds a secret's value. Rows outlive
 * the users and projects they name (no foreign keys), so a deletion stays on record.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: createdAt(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    projectId: uuid('project_id'),
    targetType: text('target_type'),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
  },
  (table) => [
    index('audit_events_created_idx').on(table.createdAt),
    index('audit_events_action_created_idx').on(table.action, table.createdAt),
    index('audit_events_actor_created_idx').on(table.actorId, table.createdAt),
  ],
);
