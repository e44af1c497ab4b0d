import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { DeploymentState, DeployPlatform } from '@kiln/shared';
import { createdAt, updatedAt } from '../../db/columns';
import { projects } from '../projects/tables';

/**
 * A project's deployment settings, one per platform. The API key is stored sealed
 * (lib/secret-box.ts, under its own key derived from SECRET_KEY) and never answered.
 */
export const deploymentConfigs = pgTable(
  'deployment_configs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    platform: text('platform').$type<DeployPlatform>().notNull(),
    projectName: text('project_name').notNull(),
    apiKeyEncrypted: text('api_key_encrypted').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('deployment_configs_project_platform_idx').on(table.projectId, table.platform),
  ],
);

/** Each deploy of a project to a platform and how it went; the deploy itself is a job. */
export const deployments = pgTable(
  'deployments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    platform: text('platform').$type<DeployPlatform>().notNull(),
    status: text('status').$type<DeploymentState>().notNull(),
    url: text('url'),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('deployments_project_idx').on(table.projectId, table.createdAt)],
);
