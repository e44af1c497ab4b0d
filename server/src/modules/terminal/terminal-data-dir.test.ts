import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Health } from '@kiln/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs } from '../../test/system-programs';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp } from '../../test/factories';
import { createFile, createProject } from '../../test/project-files';
import { TestTerminal } from './test-terminal';

/*
 * A checkout under /root, run as root: DATA_DIR sits below a folder the sandbox's user cannot
 * pass through, so no sandbox can reach a workspace. Kiln says so, with the fix, wherever it
 * shows: /api/health, the terminal, Run app and installs, instead of a bare failure.
 */
describe.runIf(process.getuid?.() === 0)(
  'a DATA_DIR the sandbox cannot reach',
  needs('bwrap', 'python3'),
  () => {
    let t: TestApp;
    const barrier = mkdtempSync(path.join(os.tmpdir(), 'kiln-private-'));
    const expected =
      `Terminals, package installs and Run app cannot work on this server: sandboxes run as user ` +
      `65534, who cannot pass through ${barrier} to reach DATA_DIR (${path.join(barrier, 'data')}). ` +
      `The administrator can set DATA_DIR to a folder outside it (such as /var/lib/kiln) or let ` +
      `others pass through it (chmod o+x ${barrier}), then restart Kiln.`;

    beforeAll(async () => {
      t = await createTestApp({ SANDBOX: 'bubblewrap', DATA_DIR: path.join(barrier, 'data') });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      await t.close();
      await rm(barrier, { recursive: true, force: true });
    });

    it('says why and what to do in /api/health, the terminal, installs and Run app', async () => {
      const owner = await signUp(t.app);
      const project = await createProject(owner.client, 'Unreachable');
      const health = (await owner.client.get('/api/health')).json<Health>();
      expect(health.sandbox.problem).toBe(expected);

      const terminal = await TestTerminal.open({
        app: t.app,
        projectId: project.id,
        client: owner.client,
      });
      expect(await terminal.waitForMessage('error')).toEqual({ type: 'error', message: expected });

      const install = await owner.client.post(`/api/packages/${project.id}/install`, {});
      expect(install.statusCode).toBe(503);
      expect(install.json()).toMatchObject({ error: expected });

      await createFile(owner.client, project.id, 'package.json', {
        content: JSON.stringify({ scripts: { start: 'node index.js' } }),
      });
      expect(
        (await owner.client.post(`/api/projects/${project.id}/dev-server`, {})).statusCode,
      ).toBe(200);
      await expect
        .poll(async () => (await owner.client.get(`/api/projects/${project.id}/dev-server`)).json())
        .toMatchObject({ state: 'crashed', message: expected });
    });
  },
);
