import type { DatabaseSchema, ExecuteSqlInput, SqlResult } from '@kiln/shared';
import type { Database } from '../../db/client';
import { getEditableProject, getReadableProject } from '../projects';
import { presentSqlResult } from './presenter';
import type { ProjectDatabases } from './project-databases';

export interface DatabaseDeps {
  db: Database;
  databases: ProjectDatabases;
}

/** Runs the owner's query on the project's own database (SQL errors are in the result). */
export async function executeSql(
  deps: DatabaseDeps & { userId: string; input: ExecuteSqlInput },
): Promise<SqlResult> {
  const { input } = deps;
  await getEditableProject({ db: deps.db, userId: deps.userId, projectId: input.projectId });
  const { execution, durationMs } = await deps.databases.execute(input.projectId, input.query);
  return presentSqlResult(execution, durationMs);
}

/** The tables and columns of the project's database, for its owner. */
export async function getDatabaseSchema(
  deps: DatabaseDeps & { userId: string; projectId: string },
): Promise<DatabaseSchema> {
  await getReadableProject({ db: deps.db, userId: deps.userId, projectId: deps.projectId });
  const described = await deps.databases.describe(deps.projectId);
  return {
    backend: deps.databases.backend,
    location: deps.databases.location(deps.projectId),
    ...described,
  };
}
