import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../db/columns';
import { projects } from '../projects/tables';

/**
 * A project's package settings and its last install per ecosystem (decision 0016): the hash of
 * the manifest and lockfile it installed from, so a changed manifest shows as out of date.
 */
export const projectPackages = pgTable('project_packages', {
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  allowScripts: boolean('allow_scripts').notNull().default(false),
  npmManifestHash: text('npm_manifest_hash'),
  npmInstalledAt: timestamp('npm_installed_at', { withTimezone: true }),
  pythonManifestHash: text('python_manifest_hash'),
  pythonInstalledAt: timestamp('python_installed_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});
