import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp } from '../../test/factories';
import { createFile, createProject } from '../../test/project-files';
import type { TestClient } from '../../test/client';
import { findCandidates } from './candidates';
import {
  SEARCH_INDEX_BATCH,
  SEARCH_INDEX_MAX_WAIT_MS,
  SEARCH_INDEX_REST_MS,
  indexSavedTexts,
} from './search-index-job';

describe('saved texts reach the search index in the background', () => {
  let t: TestApp;
  let client: TestClient;
  let projectId: string;

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
    ({ client } = await signUp(t.app));
    projectId = (await createProject(client, 'Search index')).id;
  });
  afterAll(() => t.close());

  const staleSince = async (fileId: string) => {
    const [row] = await queryRows<{ stale: string | null }>(
      t.database.db,
      sql`select search_stale_since as stale from files where id = ${fileId}`,
    );
    return row!.stale;
  };
  const candidatePaths = async (query: string) =>
    (await findCandidates(t.database.db, projectId, query, false))?.map((file) => file.path);
  const save = async (fileId: string, content: string) => {
    const response = await client.patch(`/api/files/${fileId}`, { content });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('finds a saved text before the index holds it, and after, and never its old text', async () => {
    const file = await createFile(client, projectId, 'notes.md', { content: 'first draft' });
    // Created files go into the index as they are written.
    expect(await staleSince(file.id)).toBeNull();
    await save(file.id, 'second thoughts');
    expect(await staleSince(file.id)).not.toBeNull();
    expect(await candidatePaths('second thoughts')).toEqual(['notes.md']);
    expect(await candidatePaths('first draft')).toEqual([]);

    // Not yet rested: left as it is. Rested: indexed, and found through the index.
    const savedAt = Date.now();
    expect(await indexSavedTexts(t.database.db, new Date(savedAt))).toBe(0);
    expect(await staleSince(file.id)).not.toBeNull();
    expect(
      await indexSavedTexts(t.database.db, new Date(savedAt + SEARCH_INDEX_REST_MS + 1000)),
    ).toBe(1);
    expect(await staleSince(file.id)).toBeNull();
    expect(await candidatePaths('second thoughts')).toEqual(['notes.md']);
    expect(await candidatePaths('first draft')).toEqual([]);
  });

  it('indexes a file saved without rest once it has waited long enough', async () => {
    const file = await createFile(client, projectId, 'busy.ts', { content: 'let typing = 0;' });
    await save(file.id, 'let typing = 1;');
    const markedAt = Date.parse((await staleSince(file.id))!);
    await save(file.id, 'let typing = 2;');
    // A later save keeps the first mark: waiting is counted from it.
    expect(Date.parse((await staleSince(file.id))!)).toBe(markedAt);
    // Saved a moment ago, but marked long ago.
    const late = new Date(markedAt + SEARCH_INDEX_MAX_WAIT_MS + 1000);
    await t.database.db.execute(sql`update files set updated_at = ${late} where id = ${file.id}`);
    expect(await indexSavedTexts(t.database.db, late)).toBe(1);
    expect(await staleSince(file.id)).toBeNull();
    expect(await candidatePaths('typing = 2')).toEqual(['busy.ts']);
  });

  it('indexes many files a batch at a time', async () => {
    const count = SEARCH_INDEX_BATCH + 7;
    await t.database.db.execute(
      sql`insert into files (project_id, path, content, search_stale_since, updated_at)
          select ${projectId}, 'many/' || n || '.txt', 'many ' || n, now() - interval '1 hour',
                 now() - interval '1 hour'
            from generate_series(1, ${count}) n`,
    );
    expect(await indexSavedTexts(t.database.db)).toBe(count);
    const [left] = await queryRows<{ count: number }>(
      t.database.db,
      sql`select count(*)::int as count from files where search_stale_since is not null`,
    );
    expect(left!.count).toBe(0);
  });
});
