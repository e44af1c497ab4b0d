import { TERMINAL_CLOSE_CODES, TERMINAL_LIMITS } from '@kiln/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs } from '../../test/system-programs';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp } from '../../test/factories';
import { createProject } from '../../test/project-files';
import { TestTerminal } from './test-terminal';

const PROMPT = /~\/project \$ $/;

describe("the terminal's limits and walls", needs('bwrap', 'python3'), () => {
  let t: TestApp;
  const open: TestTerminal[] = [];
  beforeAll(async () => {
    t = await createTestApp({ SANDBOX: 'bubblewrap', SECRET_KEY: 'k'.repeat(40) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const terminal of open) terminal.close();
    await t.close();
  });

  async function ownerWithProject() {
    const owner = await signUp(t.app);
    const project = await createProject(owner.client, `Limits ${Math.random()}`);
    const openTerminal = async () => {
      const terminal = await TestTerminal.open({
        app: t.app,
        projectId: project.id,
        client: owner.client,
      });
      open.push(terminal);
      return terminal;
    };
    return { ...owner, project, openTerminal };
  }

  async function readyTerminal() {
    const owner = await ownerWithProject();
    const terminal = await owner.openTerminal();
    await terminal.waitFor(PROMPT);
    return { ...owner, terminal };
  }

  it(
    'runs every process under the limits: CPU, processes, file size',
    { timeout: 60_000 },
    async () => {
      const { terminal } = await readyTerminal();
      await terminal.run(
        'ulimit -t -u -f',
        /cpu time.*120\n.*processes.*64\n.*file size.*10240\n/s,
      );
      // 20 MB into one file stops at 10 MB.
      const written = await terminal.run(
        'head -c 20M /dev/zero > /tmp/big; echo "status=$?"; stat -c %s /tmp/big',
        /status=\d+\n\d+\n/,
      );
      expect(written).toMatch(/File size limit exceeded.*\nstatus=153\n/);
      expect(written).toContain(`\n${TERMINAL_LIMITS.fileBytes}\n`);
      // Past 64 processes, fork fails (bash retries until some end, and may give up the loop
      // when a retry's sleep is interrupted: so it runs in a subshell); the shell survives it.
      const forked = await terminal.run(
        '(for i in $(seq 80); do sleep 1 & done; wait); echo "done-$((40 + 2))"',
        /done-42\n/,
        30_000,
      );
      expect(forked).toMatch(/fork: retry: Resource temporarily unavailable/);
      await terminal.run('wait; echo still-here', /still-here\n/);
    },
  );

  it('reaches no network: neither the database port nor an outside address', async () => {
    const { terminal } = await readyTerminal();
    const out = await terminal.run(
      'curl -sS -m 3 http://127.0.0.1:5432/ 2>&1; echo "local=$?"; curl -sS -m 3 http://1.1.1.1/ 2>&1; echo "outside=$?"',
      /outside=\d+\n/,
    );
    expect(out).not.toMatch(/local=0\n/);
    expect(out).not.toMatch(/outside=0\n/);
    const fetched = await terminal.run(
      `node -e "fetch('http://93.184.215.14/', { signal: AbortSignal.timeout(3000) }).then(() => console.log('reached'), (e) => console.log('refused', e.cause?.code ?? e.name))"`,
      /(refused|reached).*\n/,
    );
    expect(fetched).toMatch(/refused/);
  });

  it("sees neither another project's files, the data folder nor the server's environment", async () => {
    const { terminal } = await readyTerminal();
    const other = await ownerWithProject();
    const otherFolder = t.app.workspaces.folderOf(other.project.id);
    await (await other.openTerminal()).waitFor(PROMPT);
    const out = await terminal.run(
      `ls ${otherFolder} 2>&1; ls ${t.dataDir} 2>&1; env | grep -cE '^(SECRET_KEY|TEST_DATABASE_URL|DATA_DIR)=' ; echo "url=$DATABASE_URL"; echo done`,
      /done\n/,
    );
    expect(out.match(/No such file or directory/g)).toHaveLength(2);
    expect(out).toMatch(/\n0\nurl=.*\ndone\n/);
    // DATABASE_URL is the project's own database through its bridge, never the server's.
    const url = new URL(/url=(.*)\n/.exec(out)![1]!);
    expect(url.host).toBe('127.0.0.1:5432');
    expect(url.password.length).toBeGreaterThanOrEqual(16);
    expect(out).not.toContain(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@');
    expect(await terminal.run('env', /HOME=\/home\/kiln/)).not.toContain('k'.repeat(40));
  });

  it('opens at most 4 terminals per project, saying so, and one more once one closes', async () => {
    const { openTerminal } = await ownerWithProject();
    const first = await Promise.all(
      Array.from({ length: TERMINAL_LIMITS.perProject }, () => openTerminal()),
    );
    await Promise.all(first.map((terminal) => terminal.waitForMessage('ready')));
    const refused = await openTerminal();
    expect(await refused.waitForMessage('closed')).toEqual({
      type: 'closed',
      reason: 'limit',
      message:
        'This project already has 4 terminals open, the most it may have. Close one to open another.',
    });
    expect((await refused.closed).code).toBe(TERMINAL_CLOSE_CODES.limit);
    first[0]!.close();
    await first[0]!.closed;
    const another = await openTerminal();
    await another.waitForMessage('ready');
  });

  it('stops reading a flood the browser does not take, and Ctrl+C still stops it', async () => {
    const { terminal } = await readyTerminal();
    const before = terminal.bytesReceived;
    terminal.socket.pause();
    terminal.type('yes\r');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    terminal.type('\x03');
    await new Promise((resolve) => setTimeout(resolve, 300));
    terminal.socket.resume();
    await terminal.run('echo after-the-flood', /after-the-flood\n/);
    // Held back by the socket's buffer, the relay's and the pipes': a few megabytes, where
    // 1.5 s of `yes` unread would be far more.
    expect(terminal.bytesReceived - before).toBeLessThan(16 * 1024 * 1024);
  });

  it('reads a flood a fast reader takes at most at the output budget, and Ctrl+C stops it', async () => {
    const { terminal } = await readyTerminal();
    const before = terminal.bytesReceived;
    const started = performance.now();
    terminal.type('yes\r');
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const received = terminal.bytesReceived - before;
    const seconds = (performance.now() - started) / 1000;
    terminal.type('\x03');
    await terminal.run('echo after-the-flood', /after-the-flood\n/);
    // Unbudgeted, `yes` reaches a reader on this socket at tens of megabytes a second. The
    // budget's burst, its rate for the time that passed, and one read of the relay's on top.
    const allowed =
      TERMINAL_LIMITS.outputBurstBytes + seconds * TERMINAL_LIMITS.outputBytesPerSecond + 65_536;
    expect(received).toBeLessThanOrEqual(allowed);
    expect(received).toBeGreaterThan(64 * 1024);
  });
});

describe('a terminal left alone', needs('bwrap', 'python3'), () => {
  let t: TestApp;
  beforeAll(async () => {
    // Three seconds.
    t = await createTestApp({ SANDBOX: 'bubblewrap', TERMINAL_IDLE_MINUTES: '0.05' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  async function openTerminal() {
    const owner = await signUp(t.app);
    const project = await createProject(owner.client, `Idle ${Math.random()}`);
    const terminal = await TestTerminal.open({
      app: t.app,
      projectId: project.id,
      client: owner.client,
    });
    await terminal.waitFor(PROMPT);
    return terminal;
  }

  it('closes after the idle time without input or output, and not while output flows', async () => {
    const busy = await openTerminal();
    const idle = await openTerminal();
    const opened = Date.now();
    busy.type('for i in 1 2 3 4 5 6; do echo tick; sleep 1; done\r');
    expect(await idle.waitForMessage('closed', 10_000)).toEqual({
      type: 'closed',
      reason: 'idle',
      message: 'Closed after 3 seconds without input or output. Open a terminal again to continue.',
    });
    expect((await idle.closed).code).toBe(TERMINAL_CLOSE_CODES.idle);
    expect(Date.now() - opened).toBeGreaterThanOrEqual(2_500);
    expect(busy.messages.some((message) => message.type === 'closed')).toBe(false);
    busy.close();
  });
});
