import { ENV_VARS_PER_PROJECT, type CreateEnvVarInput } from '@kiln/shared';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { envVars } from './tables';
import { projects } from '../projects/tables';
import { AppError, notFound } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import type { SecretBox } from '../../lib/secret-box';
import { getOwnedProject } from '../projects';

export interface EnvVarDeps {
  db: Database;
  secrets: SecretBox;
}

type EnvVarRow = typeof envVars.$inferSelect;

function opened(deps: EnvVarDeps, row: EnvVarRow) {
  return { ...row, value: deps.secrets.open(row.valueEncrypted) };
}

/** The project's variables in key order, values opened, for its owner. */
export async function listEnvVars(deps: EnvVarDeps & { userId: string; projectId: string }) {
  await getOwnedProject({ db: deps.db, userId: deps.userId, projectId: deps.projectId });
  const rows = await deps.db
    .select()
    .from(envVars)
    .where(eq(envVars.projectId, deps.projectId))
    .orderBy(asc(envVars.key));
  return rows.map((row) => opened(deps, row));
}

/** Sets a variable; a key the project already has gets the new value. */
export async function setEnvVar(deps: EnvVarDeps & { userId: string; input: CreateEnvVarInput }) {
  const { db, input } = deps;
  await getOwnedProject({ db, userId: deps.userId, projectId: input.projectId });
  return db.transaction(async (tx) => {
    // One writer at a time per project, so the cap holds under concurrent requests.
    await tx.execute(sql`select 1 from ${projects} where id = ${input.projectId} for update`);
    const [existing] = await tx
      .select({ id: envVars.id })
      .from(envVars)
      .where(and(eq(envVars.projectId, input.projectId), eq(envVars.key, input.key)));
    if (!existing) {
      const [held] = await tx
        .select({ total: count() })
        .from(envVars)
        .where(eq(envVars.projectId, input.projectId));
      if ((held?.total ?? 0) >= ENV_VARS_PER_PROJECT) {
        throw new AppError(
          'VALIDATION_FAILED',
          `A project holds at most ${ENV_VARS_PER_PROJECT} environment variables.`,
        );
      }
    }
    const valueEncrypted = deps.secrets.seal(input.value);
    const [row] = await tx
      .insert(envVars)
      .values({ projectId: input.projectId, key: input.key, valueEncrypted })
      .onConflictDoUpdate({
        target: [envVars.projectId, envVars.key],
        set: { valueEncrypted, updatedAt: new Date() },
      })
      .returning();
    if (!row) throw new Error('env var upsert returned nothing');
    return { row: opened(deps, row), replaced: Boolean(existing) };
  });
}

/**
 * Deletes one variable of a project the user owns; anyone else's is not found. Answers its
 * project and key (never its value).
 */
export async function deleteEnvVar(
  deps: EnvVarDeps & { userId: string; id: string },
): Promise<{ projectId: string; key: string }> {
  if (!isUuid(deps.id)) throw notFound('Environment variable not found');
  const [row] = await deps.db
    .select({ projectId: envVars.projectId, key: envVars.key })
    .from(envVars)
    .innerJoin(projects, eq(projects.id, envVars.projectId))
    .where(and(eq(envVars.id, deps.id), eq(projects.ownerId, deps.userId)));
  if (!row) throw notFound('Environment variable not found');
  await deps.db.delete(envVars).where(eq(envVars.id, deps.id));
  return row;
}

/**
 * A project's variables as a run's environment. Only for runs a person starts: the AI agent's
 * runs get none, since their output goes back to the model (docs/architecture.md, "The AI
 * agent").
 */
export async function projectRunEnvironment(
  deps: EnvVarDeps & { projectId: string },
): Promise<Record<string, string>> {
  const rows = await deps.db.select().from(envVars).where(eq(envVars.projectId, deps.projectId));
  return Object.fromEntries(rows.map((row) => [row.key, deps.secrets.open(row.valueEncrypted)]));
}
