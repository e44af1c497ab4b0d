import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { projects } from '../projects/tables';

/**
 * How stale a project's access generation may be when a preview request is checked against it:
 * a link revoked by a removal stops serving within this long, on every instance.
 */
export const ACCESS_GENERATION_MAX_AGE_MS = 2000;
/** Past this many cached projects, the stale ones are dropped. */
const MAX_CACHED_PROJECTS = 10_000;

export interface AccessGenerations {
  /** The project's `access_generation`, at most `maxAgeMs` old; null when it no longer exists. */
  current(projectId: string): Promise<number | null>;
}

/**
 * Reads `projects.access_generation` for the preview server, through a short cache: a page and
 * its scripts, styles and images ask for one project many times a second, and one read serves
 * them all. Reads of one project at once share one query.
 */
export function createAccessGenerations(options: {
  db: DbOrTx;
  maxAgeMs?: number;
  now?: () => number;
}): AccessGenerations {
  const { db } = options;
  const maxAgeMs = options.maxAgeMs ?? ACCESS_GENERATION_MAX_AGE_MS;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { generation: number | null; readAt: number }>();
  const reading = new Map<string, Promise<number | null>>();

  const read = async (projectId: string): Promise<number | null> => {
    const [row] = await db
      .select({ generation: projects.accessGeneration })
      .from(projects)
      .where(eq(projects.id, projectId));
    return row?.generation ?? null;
  };

  const forget = (at: number) => {
    if (cache.size <= MAX_CACHED_PROJECTS) return;
    for (const [projectId, entry] of cache) {
      if (at - entry.readAt >= maxAgeMs) cache.delete(projectId);
    }
  };

  return {
    current(projectId) {
      const cached = cache.get(projectId);
      if (cached && now() - cached.readAt < maxAgeMs) return Promise.resolve(cached.generation);
      const pending = reading.get(projectId);
      if (pending) return pending;
      // Aged from when the query was sent, so an answer is never older than maxAgeMs.
      const readAt = now();
      const started = read(projectId)
        .then((generation) => {
          cache.set(projectId, { generation, readAt });
          forget(readAt);
          return generation;
        })
        .finally(() => reading.delete(projectId));
      reading.set(projectId, started);
      return started;
    },
  };
}
