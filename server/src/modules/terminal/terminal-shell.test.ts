import { execFileSync } from 'node:child_process';
import type { ProjectFile } from '@kiln/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs } from '../../test/system-programs';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp } from '../../test/factories';
import { createProject } from '../../test/project-files';
import { TestTerminal } from './test-terminal';

/** The prompt the terminal's bashrc sets, once the shell is ready for a command. */
const PROMPT = /~\/project \$ $/;

describe('the terminal: bash in the sandbox over a WebSocket', needs('bwrap', 'python3'), () => {
  let t: TestApp;
  const open: TestTerminal[] = [];
  beforeAll(async () => {
    t = await createTestApp({ SANDBOX: 'bubblewrap' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const terminal of open) terminal.close();
    await t.close();
  });

  async function ownerWithTerminal(query = '') {
    const owner = await signUp(t.app);
    const project = await createProject(owner.client, `Terminal ${Math.random()}`);
    const terminal = await TestTerminal.open({
      app: t.app,
      projectId: project.id,
      client: owner.client,
      query,
      origin: 'http://kiln.test',
    });
    open.push(terminal);
    await terminal.waitForMessage('ready');
    await terminal.waitFor(PROMPT);
    return { ...owner, project, terminal };
  }

  it("runs commands, node and python3 in the project's folder", async () => {
    const { terminal } = await ownerWithTerminal();
    expect(await terminal.run('echo hello-$((6 * 7))', /hello-42\n/)).toContain('hello-42');
    expect(await terminal.run('node -v', /v\d+\.\d+\.\d+\n/)).toMatch(/v20\./);
    await terminal.run("python3 -c 'print(1)'", /^1\n/);
    expect(await terminal.run('pwd; ls', /index\.js/)).toMatch(/\/home\/kiln\/project\n/);
    // A pipe closed early ends its writer quietly, as in any shell.
    const piped = await terminal.run('yes | head -n 2; echo "s=${PIPESTATUS[0]}"', /s=\d+\n/);
    expect(piped).toMatch(/^y\ny\ns=141\n/);
  });

  it('interrupts a command with Ctrl+C and gives the prompt back', async () => {
    const { terminal } = await ownerWithTerminal();
    // Printed by the command itself, so it runs in the foreground by the time Ctrl+C comes.
    await terminal.run(`sh -c 'echo sleep""ing; exec sleep 100'`, /^sleeping\n/);
    const from = terminal.text.length;
    const started = Date.now();
    terminal.type('\x03');
    await terminal.waitFor(/^\^C\n.*\$ $/, { from });
    expect(Date.now() - started).toBeLessThan(5_000);
    await terminal.run('echo $?', /^130\n/);
  });

  it('opens at the size asked for and follows a resize', async () => {
    const { terminal } = await ownerWithTerminal('?cols=100&rows=30');
    await terminal.run('stty size', /^30 100\n/);
    terminal.resize(120, 40);
    await terminal.run('stty size', /^40 120\n/);
  });

  it("sees the project's environment variables, a color terminal and history", async () => {
    const owner = await signUp(t.app);
    const project = await createProject(owner.client, `Env ${Math.random()}`);
    const set = await owner.client.post('/api/env-vars', {
      projectId: project.id,
      key: 'MYVAR',
      value: 'from the project',
    });
    expect(set.statusCode, set.body).toBe(201);
    const terminal = await TestTerminal.open({
      app: t.app,
      projectId: project.id,
      client: owner.client,
    });
    open.push(terminal);
    await terminal.waitFor(PROMPT);
    await terminal.run('echo "[$MYVAR] $TERM"', /\[from the project\] xterm-256color\n/);
    await terminal.run('echo one-more-line', /one-more-line\n.*\$ $/);
    await terminal.run('history | tail -n 2', /echo one-more-line/);
  });

  it('saves a file the shell writes to the project, and says which files changed', async () => {
    const { terminal, client, project } = await ownerWithTerminal();
    await terminal.run('echo "made in the shell" > made.txt && echo written', /written\n/);
    const changed = await terminal.waitForMessage('files-changed');
    expect(changed.paths).toContain('made.txt');
    const files = (await client.get(`/api/files/${project.id}`)).json<ProjectFile[]>();
    expect(files.find((file) => file.path === 'made.txt')?.content).toBe('made in the shell\n');
  });

  it("ends with the shell's status when it exits", async () => {
    const { terminal } = await ownerWithTerminal();
    terminal.type('exit 3\r');
    expect(await terminal.waitForMessage('exit')).toEqual({ type: 'exit', code: 3 });
    expect((await terminal.closed).code).toBe(1000);
  });

  it('kills everything the shell started when the socket closes', async () => {
    const { terminal } = await ownerWithTerminal();
    // A number no other process on the machine has in its command line.
    const marker = String(900_000 + Math.floor(Math.random() * 99_999));
    await terminal.run(`sleep ${marker} & echo started`, /started\n/);
    const running = () => {
      try {
        return execFileSync('pgrep', ['-f', `sleep ${marker}`], { encoding: 'utf8' }).trim();
      } catch {
        return '';
      }
    };
    expect(running()).not.toBe('');
    terminal.close();
    await terminal.closed;
    const deadline = Date.now() + 5_000;
    while (running() !== '' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(running()).toBe('');
  });
});
