import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ProjectFile } from '@kiln/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp } from '../../test/factories';
import { createProject } from '../../test/project-files';

/*
 * A terminal loop writing files cannot grow the project past its storage quota: what would not
 * fit stays on disk, nothing of it is half-saved, and the terminals are told why.
 */
describe('a workspace past its storage quota', () => {
  let t: TestApp;
  beforeAll(async () => {
    // 64 KB a project on this server: a few files fill it.
    t = await createTestApp({ PROJECT_MAX_MB: String(64 / 1024) });
  });
  afterAll(() => t.close());

  it('keeps what does not fit on disk and says why', async () => {
    const owner = await signUp(t.app);
    const project = await createProject(owner.client, 'Filling up');
    const lease = await t.app.workspaces.acquire({ projectId: project.id, userId: owner.user.id });
    try {
      for (let index = 0; index < 8; index += 1) {
        await writeFile(path.join(lease.path, `chunk-${index}.txt`), 'x'.repeat(16 * 1024));
      }
      const report = await lease.flush();
      expect(report.problems).toHaveLength(1);
      expect(report.problems[0]).toMatch(/^Changes made on disk were not saved to the project: /);
      const files = (await owner.client.get(`/api/files/${project.id}`)).json<ProjectFile[]>();
      const saved = files.filter((file) => file.path.startsWith('chunk-'));
      expect(saved.length).toBeGreaterThan(0);
      expect(saved.length).toBeLessThan(8);
      for (const file of saved) expect(file.content).toHaveLength(16 * 1024);
      // A quiet pass does not say it again, nor try the refused files until they change.
      expect((await lease.flush()).problems).toEqual([]);
    } finally {
      await lease.release();
    }
  });
});
