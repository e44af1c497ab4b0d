import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea } from '../../db/bytea';
import { createdAt } from '../../db/columns';
import { users } from '../users/tables';

/** A file uploaded in the create dialog, kept for its owner until a project is made from it. */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    isZip: boolean('is_zip').notNull().default(false),
    content: text('content'),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('uploads_owner_idx').on(table.ownerId)],
);

/** The checked, extracted entries of an uploaded zip. */
export const uploadEntries = pgTable(
  'upload_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    content: text('content'),
    data: bytea('data'),
    mimeType: text('mime_type'),
    size: integer('size').notNull(),
  },
  (table) => [uniqueIndex('upload_entries_path_idx').on(table.uploadId, table.path)],
);

export type UploadRow = typeof uploads.$inferSelect;
