import { FILE_LIMITS } from '@kiln/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp } from '../../test/factories';
import { SCAN_SLICE, scanInPathOrder } from './ordered-scan';
import { escapeRegExp, scanFiles } from './scan';
import { ProjectTextCache } from './text-cache';
import { createProject, insertRows } from '../../test/project-files';

const LIMITS = {
  files: FILE_LIMITS.searchResults,
  matchesPerFile: FILE_LIMITS.matchesPerFile,
  lineContentChars: 500,
};

describe('scanInPathOrder', () => {
  let t: TestApp;
  let projectId: string;
  const count = SCAN_SLICE * 2 + 17;

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
    const { client } = await signUp(t.app);
    projectId = (await createProject(client, 'Ordered')).id;
    // Paths whose byte order differs from most collations' (case, accents, an emoji), and text
    // that every file, every tenth file or only the last files hold.
    const names = ['B', 'a', 'é', 'Z', '😀', 'z'];
    await insertRows(
      t.database,
      projectId,
      Array.from({ length: count }, (_, index) => ({
        path: `${names[index % names.length]}/f${index}.txt`,
        content: `shared line ${index}\n${index % 10 === 0 ? 'tenth\n' : ''}${index > count - 4 ? 'rare\n' : ''}`,
      })),
    );
  });
  afterAll(() => t.close());

  /** Counts the slices a scan reads, by the queries of its transaction. */
  function countingSlices(db: Database) {
    const transaction = db.transaction.bind(db);
    let slices = 0;
    const spy = vi.spyOn(db, 'transaction').mockImplementation(((
      work: Parameters<typeof db.transaction>[0],
      config: Parameters<typeof db.transaction>[1],
    ) =>
      transaction((tx) => {
        const execute = tx.execute.bind(tx);
        // Only the scan's own queries: not the driver's begin and commit around them.
        let scanning = true;
        vi.spyOn(tx, 'execute').mockImplementation(((query: Parameters<typeof execute>[0]) => {
          if (scanning) slices += 1;
          return execute(query);
        }) as typeof tx.execute);
        return work(tx).finally(() => (scanning = false));
      }, config)) as typeof db.transaction);
    return {
      slices: () => slices,
      restore: () => spy.mockRestore(),
    };
  }

  it('answers what scanning the whole project in path order answers', async () => {
    const all = await new ProjectTextCache(0).listTextFiles(t.database.db, projectId);
    for (const query of ['shared', 'tenth', 'rare', 'ne 1', 'absent', 'é']) {
      for (const caseSensitive of [false, true]) {
        const pattern = { source: escapeRegExp(query), caseSensitive };
        expect(
          await scanInPathOrder(t.database.db, projectId, pattern, LIMITS),
          `${query} ${caseSensitive}`,
        ).toEqual(scanFiles(all, pattern, LIMITS));
      }
    }
  });

  it('stops reading once the answer has its files', async () => {
    const counter = countingSlices(t.database.db);
    try {
      const pattern = { source: 'shared', caseSensitive: false };
      expect(await scanInPathOrder(t.database.db, projectId, pattern, LIMITS)).toHaveLength(
        LIMITS.files,
      );
      expect(counter.slices()).toBe(1);
      // Held only by the last files: every slice is read.
      const rare = { source: 'rare', caseSensitive: false };
      expect(await scanInPathOrder(t.database.db, projectId, rare, LIMITS)).toHaveLength(3);
      expect(counter.slices()).toBe(1 + Math.ceil(count / SCAN_SLICE));
    } finally {
      counter.restore();
    }
  });
});
