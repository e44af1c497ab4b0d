import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs } from '../../test/system-programs';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp } from '../../test/factories';
import { createProject } from '../../test/project-files';
import { startVerdaccio, type LocalRegistry } from '../../test/verdaccio';
import { startWheelIndex, type WheelIndex } from '../../test/wheel-index';
import { TestTerminal } from './test-terminal';

describe('installing packages from the terminal', needs('bwrap', 'python3'), () => {
  let registry: LocalRegistry;
  let index: WheelIndex;
  let t: TestApp;
  beforeAll(async () => {
    registry = await startVerdaccio();
    await registry.publish({ name: 'tiny-terminal-greet' });
    index = await startWheelIndex();
    index.addWheel({ name: 'tiny-wheel', version: '1.0' });
    t = await createTestApp({
      SANDBOX: 'bubblewrap',
      NPM_REGISTRY_URL: registry.url,
      PIP_INDEX_URL: index.url,
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await registry?.close();
    await index?.close();
  });

  async function ownerWithTerminal() {
    const owner = await signUp(t.app);
    const project = await createProject(owner.client, `Packages ${Math.random()}`);
    const terminal = await TestTerminal.open({
      app: t.app,
      projectId: project.id,
      client: owner.client,
    });
    await terminal.waitFor(/\$ $/);
    return { project, terminal };
  }

  it('installs with npm through the registry proxy, into the workspace', async () => {
    const { project, terminal } = await ownerWithTerminal();
    await terminal.run('npm config get registry', /^http:\/\/127\.0\.0\.1:4873\/npm\/\n/);
    const installed = await terminal.run(
      'npm install tiny-terminal-greet; echo "npm=$?"',
      /npm=\d+\n/,
      60_000,
    );
    expect(installed).toMatch(/added 1 package/);
    expect(installed).toContain('npm=0');
    await terminal.run(
      `node -e "console.log(require('tiny-terminal-greet'))"`,
      /^hello from tiny-terminal-greet\n/,
    );
    const folder = t.app.workspaces.folderOf(project.id);
    expect(existsSync(path.join(folder, 'node_modules/tiny-terminal-greet/index.js'))).toBe(true);
    terminal.close();
    await terminal.closed;
  }, 90_000);

  it("installs with pip into the project's .venv, made on first use, through the proxy", async () => {
    const { project, terminal } = await ownerWithTerminal();
    const installed = await terminal.run(
      'pip install tiny-wheel==1.0; echo "pip=$?"',
      /pip=\d+\n/,
      60_000,
    );
    expect(installed).toMatch(/kiln: making \.venv/);
    expect(installed).toMatch(/Successfully installed tiny-wheel-1\.0/);
    expect(installed).toContain('pip=0');
    expect(index.requests).toContain('/files/tiny_wheel-1.0-py3-none-any.whl');
    await terminal.run(
      `python3 -c "import tiny_wheel; print(tiny_wheel.GREETING)"`,
      /^hello from tiny-wheel\n/,
    );
    const folder = t.app.workspaces.folderOf(project.id);
    expect(existsSync(path.join(folder, '.venv/bin/python'))).toBe(true);
    terminal.close();
    await terminal.closed;
  }, 90_000);
});
