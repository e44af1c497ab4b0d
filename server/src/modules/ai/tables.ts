import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { GenerationState } from '@kiln/shared';
import { bytea } from '../../db/bytea';
import { createdAt } from '../../db/columns';
import { projects } from '../projects/tables';
import { users } from '../users/tables';

/**
 * A project's conversation with the AI agent, per user, so a reload or another device shows it
 * (modules/ai/conversation.ts). Attachments are kept by name and kind only, not their bytes.
 */
export const aiMessages = pgTable(
  'ai_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<'user' | 'assistant'>().notNull(),
    content: text('content').notNull(),
    attachments: jsonb('attachments')
      .$type<{ type: 'image' | 'document'; name: string; mimeType: string }[]>()
      .notNull()
      .default([]),
    filesModified: jsonb('files_modified')
      .$type<
        { path: string; action: 'created' | 'modified' | 'renamed' | 'deleted'; from?: string }[]
      >()
      .notNull()
      .default([]),
    actionLog: jsonb('action_log').$type<string[]>().notNull().default([]),
    checkpointId: uuid('checkpoint_id'),
    model: text('model'),
    createdAt: createdAt(),
  },
  (table) => [
    index('ai_messages_project_user_idx').on(table.projectId, table.userId, table.createdAt),
  ],
);

/** What one agent turn changed, so it can be undone (modules/ai/checkpoints.ts). */
export const aiCheckpoints = pgTable(
  'ai_checkpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    /** The turn's changes as reported to the person (a rename once, not as a delete and a create). */
    changes: jsonb('changes')
      .$type<
        { path: string; action: 'created' | 'modified' | 'renamed' | 'deleted'; from?: string }[]
      >()
      .notNull()
      .default([]),
    createdAt: createdAt(),
    restoredAt: timestamp('restored_at', { withTimezone: true }),
  },
  (table) => [index('ai_checkpoints_project_idx').on(table.projectId, table.createdAt)],
);

/**
 * One path a turn touched: how it was before the turn (to put back) and a digest of how the
 * turn left it (to tell whether anything changed it since).
 */
export const aiCheckpointFiles = pgTable(
  'ai_checkpoint_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    checkpointId: uuid('checkpoint_id')
      .notNull()
      .references(() => aiCheckpoints.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    action: text('action').$type<'created' | 'modified' | 'renamed' | 'deleted'>().notNull(),
    renamedFrom: text('renamed_from'),
    beforeExists: boolean('before_exists').notNull(),
    beforeIsDirectory: boolean('before_is_directory').notNull().default(false),
    beforeContent: text('before_content'),
    beforeData: bytea('before_data'),
    beforeMimeType: text('before_mime_type'),
    /** Digest of the path's state after the turn; null when the turn left nothing there. */
    afterDigest: text('after_digest'),
  },
  (table) => [uniqueIndex('ai_checkpoint_files_path_idx').on(table.checkpointId, table.path)],
);

/** Tokens, model and time of every AI call, for the monthly allowance and the admin portal. */
export const aiUsage = pgTable(
  'ai_usage',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    kind: text('kind').$type<'chat' | 'agent' | 'generate'>().notNull(),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    durationMs: integer('duration_ms').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [index('ai_usage_user_created_idx').on(table.userId, table.createdAt)],
);

/**
 * A project's latest AI generation (POST /api/ai/generate-project), written by the job that
 * runs it and read by whichever instance the editor asks, so its progress survives restarts.
 */
export const aiGenerations = pgTable('ai_generations', {
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  status: text('status').$type<GenerationState>().notNull(),
  /** The request as the person made it, for the job that runs it. */
  request: jsonb('request').notNull(),
  message: text('message'),
  /** The error code of a failed generation, so the request that waits answers as it would have. */
  errorCode: text('error_code'),
  filesModified: jsonb('files_modified')
    .$type<
      { path: string; action: 'created' | 'modified' | 'renamed' | 'deleted'; from?: string }[]
    >()
    .notNull()
    .default([]),
  actionLog: jsonb('action_log').$type<string[]>().notNull().default([]),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
