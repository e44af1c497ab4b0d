import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { OrchestrationState } from '@kiln/shared';
import { createdAt } from '../../db/columns';
import { projects } from '../projects/tables';
import { users } from '../users/tables';

/**
 * A multi-agent orchestration of a project (modules/agents): the request, where it stands, and
 * the result as far as it got, written each time a task changes so any instance can show it.
 */
export const agentOrchestrations = pgTable(
  'agent_orchestrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<OrchestrationState>().notNull(),
    /** The request as the person made it (OrchestrateInputSchema's output), for the job. */
    request: jsonb('request').notNull(),
    /** The OrchestrationResult's parts other than the row's own columns. */
    result: jsonb('result').notNull(),
    /** Set by Stop; the run ends at its next step, whichever instance runs it. */
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('agent_orchestrations_project_idx').on(table.projectId, table.createdAt),
    index('agent_orchestrations_user_status_idx').on(table.userId, table.status),
  ],
);

/** One piece of agent work for a person: a role's task, a review, a quick action. */
export const agentHistory = pgTable(
  'agent_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    agent: text('agent').notNull(),
    task: text('task').notNull(),
    success: boolean('success').notNull(),
    executionMs: integer('execution_ms').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('agent_history_user_idx').on(table.userId, table.createdAt)],
);
