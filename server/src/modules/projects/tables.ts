import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';
import { users } from '../users/tables';

export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    language: text('language').notNull().default('javascript'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    starred: boolean('starred').notNull().default(false),
    templateId: text('template_id').notNull().default('blank'),
    githubOwner: text('github_owner'),
    githubRepo: text('github_repo'),
    githubBranch: text('github_branch').notNull().default('main'),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    autoSyncEnabled: boolean('auto_sync_enabled').notNull().default(false),
    syncIntervalMs: integer('sync_interval').notNull().default(30_000),
    /**
     * Counts the times someone lost access to the project (a member removed or their role
     * changed). Preview links carry the value they were made under: a bump revokes them all.
     */
    accessGeneration: integer('access_generation').notNull().default(0),
    /**
     * What the project's files hold: the sum of their sizes, and its files and folders. Kept by
     * triggers on `files` (migration 0015), so every write counts whoever makes it; the file
     * service reads them to enforce the plan's quota (modules/projects/storage-quota.ts).
     */
    storageBytes: bigint('storage_bytes', { mode: 'number' }).notNull().default(0),
    storageEntries: integer('storage_entries').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('projects_owner_updated_idx').on(table.ownerId, table.updatedAt)],
);

export type ProjectRow = typeof projects.$inferSelect;
