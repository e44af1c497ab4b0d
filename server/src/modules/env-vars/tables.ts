import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';
import { projects } from '../projects/tables';

/**
 * A project's environment variables. The value is stored encrypted (lib/secret-box.ts, under a
 * key derived from SECRET_KEY), so a copy of the database alone reveals none of them.
 */
export const envVars = pgTable(
  'env_vars',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    valueEncrypted: text('value_encrypted').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('env_vars_project_key_idx').on(table.projectId, table.key)],
);
