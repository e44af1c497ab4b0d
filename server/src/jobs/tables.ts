import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns';

export const JOB_STATES = ['waiting', 'running', 'completed', 'failed'] as const;

export type JobState = (typeof JOB_STATES)[number];

/**
 * Background work kept in the application database (jobs/database-queue.ts): a job accepted
 * before a crash or a restart is still here afterwards. A running job holds a lease that its
 * worker renews; a job whose lease ran out was left by a worker that died and is taken again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    key: text('key'),
    state: text('state').$type<JobState>().notNull().default('waiting'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    // One unfinished job per name and key: enqueueing again joins it.
    uniqueIndex('jobs_unfinished_key_idx')
      .on(table.name, table.key)
      .where(sql`${table.key} is not null and ${table.state} in ('waiting', 'running')`),
    index('jobs_ready_idx').on(table.state, table.runAt),
  ],
);

/** Jobs that repeat: the next time each is due, claimed by one instance at a time. */
export const jobSchedules = pgTable('job_schedules', {
  name: text('name').primaryKey(),
  intervalMs: integer('interval_ms').notNull(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull().defaultNow(),
});
