import { AUTO_PUSH_DELAY_MS, DEFAULT_PUSH_MESSAGE } from '@kiln/shared';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import { gitSyncStates } from './tables';
import { projects, type ProjectRow } from '../projects/tables';
import { defineJob, type JobQueue } from '../../jobs/job';
import { isUuid } from '../../lib/ids';
import type { GitSyncDeps } from './deps';
import { linkedProjectOf } from './linked-project';
import { fastForwardProject } from './pull';
import { pushProject } from './push';
import { updateSyncState } from './sync-state';

/** How often auto-sync looks for projects due a fetch: the shortest sync interval. */
export const SYNC_TICK_MS = 10_000;
/** One automatic push follows saves for at most this many rounds before leaving the rest to the next save. */
const MAX_PUSH_ROUNDS = 5;

async function readProject(deps: GitSyncDeps, projectId: string): Promise<ProjectRow | null> {
  const [row] = await deps.db.select().from(projects).where(eq(projects.id, projectId)).limit(1);
  return row ?? null;
}

const autoSyncOn = (project: ProjectRow | null): project is ProjectRow =>
  project !== null && project.autoSyncEnabled && !!project.githubOwner && !!project.githubRepo;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

export function createGitSyncJobs(deps: GitSyncDeps, options: { pushDelayMs?: number } = {}) {
  const delayMs = options.pushDelayMs ?? AUTO_PUSH_DELAY_MS;

  /**
   * Pushes a project once its files have been left alone for the delay: saves made while it
   * waits or pushes are taken by the same job, which looks again after each push. A failure
   * is only logged and recorded in the history.
   */
  const autoPush = defineJob({
    name: 'git-sync.auto-push',
    payload: z.object({ projectId: z.string() }),
    retry: { attempts: 1, backoffMs: 1_000 },
    async handle({ projectId }, context) {
      for (let round = 0; round < MAX_PUSH_ROUNDS && !context.signal.aborted; round += 1) {
        let project = await readProject(deps, projectId);
        if (!autoSyncOn(project)) return;
        const quietFor = Date.now() - project.updatedAt.getTime();
        if (quietFor < delayMs) {
          await sleep(delayMs - quietFor, context.signal);
          continue;
        }
        const pushedAt = project.updatedAt.getTime();
        await deps.locks.run(projectId, async () => {
          const linked = await linkedProjectOf(deps, project!);
          await pushProject(deps, linked, { message: DEFAULT_PUSH_MESSAGE, automatic: true });
        });
        project = await readProject(deps, projectId);
        if (!project || project.updatedAt.getTime() === pushedAt) return;
      }
    },
  });

  return { autoPush };
}

export type GitSyncJobs = ReturnType<typeof createGitSyncJobs>;

/**
 * One round of auto-sync over the linked projects that have it on: a project due a fetch
 * (its sync interval passed) is fast-forwarded when nothing changed in it; a project changed
 * since its last automatic push and quiet for the delay gets one (a save whose push was lost
 * to a restart, or a change made by something other than the file routes). The scheduled round
 * passes over a project another Git operation holds (it comes back in SYNC_TICK_MS); a round
 * asked for (`waitForBusy`) waits its turn, so what it finds due is done when it returns.
 */
export async function runSyncTick(
  deps: GitSyncDeps,
  jobs: Pick<JobQueue, 'enqueue'>,
  autoPush: GitSyncJobs['autoPush'],
  options: { waitForBusy?: boolean } = {},
): Promise<void> {
  const rows = await deps.db
    .select({ project: projects, state: gitSyncStates })
    .from(gitSyncStates)
    .innerJoin(projects, eq(projects.id, gitSyncStates.projectId))
    .where(
      and(
        eq(projects.autoSyncEnabled, true),
        isNotNull(projects.githubOwner),
        isNotNull(projects.githubRepo),
      ),
    );
  const now = Date.now();
  for (const { project, state } of rows) {
    if (!options.waitForBusy && deps.locks.busy(project.id)) continue;
    const changedSincePush =
      project.updatedAt.getTime() > (state.lastAutoPushAt?.getTime() ?? 0) &&
      now - project.updatedAt.getTime() >= AUTO_PUSH_DELAY_MS;
    if (changedSincePush && !state.mergeTheirs) {
      await jobs.enqueue(autoPush, { projectId: project.id }, { key: project.id });
    }
    const fetchDue = now - (state.lastFetchedAt?.getTime() ?? 0) >= project.syncIntervalMs;
    if (!fetchDue) continue;
    await deps.locks
      .run(project.id, async () => {
        const linked = await linkedProjectOf(deps, project);
        await fastForwardProject(deps, linked);
      })
      .catch(async (error: unknown) => {
        // Tried again at the next interval, not at every tick.
        await updateSyncState(deps.db, project.id, { lastFetchedAt: new Date() });
        deps.log.warn(
          { projectId: project.id, kind: (error as { code?: string }).code ?? 'unknown' },
          'auto-sync could not fetch',
        );
      });
  }
}

/** A repository folder younger than this may belong to a link or an import still running. */
const ORPHAN_MIN_AGE_MS = 3_600_000;

/**
 * Removes the repositories of projects that are no longer linked (deleted, or never linked
 * after all): they are caches, and nothing else would ever remove them.
 */
export async function removeOrphanRepositories(deps: GitSyncDeps): Promise<number> {
  const names = await fs.promises.readdir(deps.gitRoot).catch(() => [] as string[]);
  const candidates = names.filter((name) => isUuid(name));
  if (candidates.length === 0) return 0;
  const linked = new Set(
    (
      await deps.db
        .select({ id: gitSyncStates.projectId })
        .from(gitSyncStates)
        .where(inArray(gitSyncStates.projectId, candidates))
    ).map((row) => row.id),
  );
  let removed = 0;
  for (const name of candidates) {
    if (linked.has(name) || deps.locks.busy(name)) continue;
    const folder = path.join(deps.gitRoot, name);
    const stat = await fs.promises.stat(folder).catch(() => null);
    if (!stat || Date.now() - stat.mtimeMs < ORPHAN_MIN_AGE_MS) continue;
    await fs.promises.rm(folder, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}
