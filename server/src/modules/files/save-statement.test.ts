import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp } from '../../test/factories';
import { createFile, createProject } from '../../test/project-files';
import { storageCapsFrom } from '../projects';
import { onProjectFilesChanged, saveFileContent } from './service';

/*
 * A save is one statement (service.ts): no transaction held open across round trips, which on
 * the embedded database kept every other query waiting. What it must still do as one step
 * (version check, quota, access) is covered through the API in files.test.ts and
 * storage-quota.test.ts.
 */
describe('saveFileContent', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  });
  afterAll(() => t.close());

  it('writes, touches and announces in one statement, without a transaction', async () => {
    const { client, user } = await signUp(t.app);
    const project = await createProject(client, 'One statement');
    const file = await createFile(client, project.id, 'one.ts', { content: 'a' });
    // A view of the database for the save alone: the app's background work uses the database.
    const db = Object.create(t.database.db) as Database;
    const transaction = vi.spyOn(db, 'transaction');
    const statements = vi.spyOn(db, 'with');
    const announced: string[] = [];
    const stop = onProjectFilesChanged((projectId) => announced.push(projectId));
    try {
      const outcome = await saveFileContent({
        db,
        userId: user.id,
        storageCaps: storageCapsFrom({}),
        fileId: file.id,
        content: 'ab',
        baseVersion: file.version,
      });
      expect(outcome).toMatchObject({ saved: true, file: { content: 'ab', version: 2, size: 2 } });
      expect(transaction).not.toHaveBeenCalled();
      expect(statements).toHaveBeenCalledTimes(1);
      expect(announced).toEqual([project.id]);

      // A stale save writes nothing, touches nothing and announces nothing.
      const before = (await client.get(`/api/projects/${project.id}`)).json<{
        updatedAt: string;
      }>();
      const stale = await saveFileContent({
        db,
        userId: user.id,
        storageCaps: storageCapsFrom({}),
        fileId: file.id,
        content: 'abc',
        baseVersion: file.version,
      });
      expect(stale).toMatchObject({ saved: false, current: { content: 'ab', version: 2 } });
      const after = (await client.get(`/api/projects/${project.id}`)).json<{ updatedAt: string }>();
      expect(before.updatedAt).toEqual(expect.any(String));
      expect(after.updatedAt).toBe(before.updatedAt);
      expect(announced).toEqual([project.id]);
    } finally {
      stop();
    }
  });
});
