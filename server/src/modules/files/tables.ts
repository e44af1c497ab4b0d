import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea } from '../../db/bytea';
import { createdAt, updatedAt } from '../../db/columns';
import { projects } from '../projects/tables';

/** Texts up to this size are in the search index (files_content_trigram_idx). */
export const SEARCH_INDEX_MAX_BYTES = 262_144;

/**
 * Texts shorter than this have no stored lowered copy. PostgreSQL compresses a row's text once
 * the row passes about 2 KB: a copy beside a short text would pack the text (slower to read)
 * and shrink the table the planner weighs, which then preferred reading a project's every text
 * to asking the trigram index. A short text sits unpacked in its row and lowers cheaply.
 */
export const FOLDED_TEXT_MIN_BYTES = 2048;

/**
 * A project's files. Text lives in `content`, anything else in `data` with its type. `version`
 * goes up on every write so a save based on an old version can be refused (decision 0006).
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    isDirectory: boolean('is_directory').notNull().default(false),
    content: text('content'),
    // The text with its ASCII letters lowered, for a case-blind search's strpos
    // (modules/files/candidates.ts): unpacking and lowering 50 MB at search time cost four times
    // what reading this copy does. Stored uncompressed (migration 0016), for the texts between
    // FOLDED_TEXT_MIN_BYTES and SEARCH_INDEX_MAX_BYTES; the others are lowered when searched.
    contentFolded: text('content_folded').generatedAlwaysAs(
      sql`case when octet_length(content) between ${sql.raw(String(FOLDED_TEXT_MIN_BYTES))} and ${sql.raw(String(SEARCH_INDEX_MAX_BYTES))} then lower(content collate "C") end`,
    ),
    data: bytea('data'),
    mimeType: text('mime_type'),
    size: integer('size').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * Set by an editor's save, cleared once the search index holds the saved text: a save leaves
     * the trigram index alone (modules/files/search-index-job.ts).
     */
    searchStaleSince: timestamp('search_stale_since', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('files_project_path_idx').on(table.projectId, table.path),
    // Paths in byte order, as every listing presents them (byPath in modules/files/service.ts),
    // whatever the database's collation: a search reads a project in that order a slice at a
    // time (modules/files/ordered-scan.ts).
    index('files_project_path_bytes_idx').on(table.projectId, sql`${table.path} collate "C"`),
    // Trigrams of each text, per project, so a search can ask which files may hold a phrase
    // before any text leaves the database (modules/files/candidates.ts). Texts over
    // SEARCH_INDEX_MAX_BYTES stay out: their trigrams would cost every save of them more than
    // reading them costs a search. Needs the pg_trgm and btree_gin extensions (0003). A text
    // saved from the editor joins it in the background (searchStaleSince, decision 0029).
    index('files_content_trigram_idx')
      .using('gin', table.projectId, sql`${table.content} gin_trgm_ops`)
      .where(
        sql`octet_length(${table.content}) <= ${sql.raw(String(SEARCH_INDEX_MAX_BYTES))} and ${table.searchStaleSince} is null`,
      ),
    // The texts saved since the index last took them, which a search tests one by one.
    index('files_search_stale_idx')
      .on(table.projectId)
      .where(sql`${table.searchStaleSince} is not null`),
  ],
);

export type FileRow = typeof files.$inferSelect;
