import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  EXEC_LIMITS,
  ExecuteResultSchema,
  type ExecuteInput,
  type ExecuteResult,
  type Project,
  type Template,
} from '@kiln/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs } from '../../test/system-programs';
import { thisMachinesCgroupLayout } from '../../sandbox/cgroups';
import { LIMIT_MESSAGES, TRUNCATION_NOTICE } from '../../sandbox/outcome';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/assertions';
import { TestClient } from '../../test/client';
import { signUp } from '../../test/factories';
import { createFile, createProject } from '../../test/project-files';

const isRoot = process.getuid?.() === 0;

/** Each test asserts what the user sees in the output panel. */

const execute = (client: TestClient, projectId: string, input: ExecuteInput) =>
  client.post(`/api/projects/${projectId}/execute`, input);

async function run(client: TestClient, projectId: string, filePath: string, code: string) {
  const response = await execute(client, projectId, { filePath, code });
  expect(response.statusCode, response.body).toBe(200);
  return ExecuteResultSchema.parse(response.json());
}

async function ownerWithProject(t: TestApp) {
  const { client, user } = await signUp(t.app);
  const project: Project = await createProject(client, 'Runs');
  return { client, user, project };
}

describe('POST /api/projects/:id/execute in bubblewrap', needs('bwrap', 'python3'), () => {
  let t: TestApp;
  let client: TestClient;
  let project: Project;
  const canary = 'kiln-server-secret-canary';

  beforeAll(async () => {
    // Four at a time, so the limit tests below do not wait on one another's slots.
    t = await createTestApp({
      SANDBOX: 'bubblewrap',
      EXEC_CONCURRENCY: '4',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    });
    process.env.KILN_TEST_CANARY = canary;
    ({ client, project } = await ownerWithProject(t));
  });
  afterAll(async () => {
    delete process.env.KILN_TEST_CANARY;
    await t.close();
  });

  it('says which sandbox runs code in /api/health, and what holds each as a whole', async () => {
    const response = await client.get('/api/health');
    expect(response.json()).toMatchObject({
      sandbox: {
        backend: 'bubblewrap',
        languages: ['javascript', 'typescript', 'python'],
        // Control groups where the server may make them (root, cgroup v1), as on CI.
        confinement: 'layout' in thisMachinesCgroupLayout() && isRoot ? 'cgroups' : 'per-process',
      },
    });
  });

  describe('access and validation', () => {
    it('answers 401 to a signed-out caller', async () => {
      const stranger = new TestClient(t.app);
      const response = await execute(stranger, project.id, { filePath: 'a.js', code: '' });
      expectError(response, 401, 'UNAUTHENTICATED');
    });

    it("answers 404 for another user's project and for an id that is not one", async () => {
      const other = await signUp(t.app);
      expectError(
        await execute(other.client, project.id, { filePath: 'a.js', code: 'console.log(1)' }),
        404,
        'NOT_FOUND',
      );
      expectError(
        await execute(client, 'not-a-project', { filePath: 'a.js', code: '' }),
        404,
        'NOT_FOUND',
      );
    });

    it('refuses a request without the CSRF header', async () => {
      const response = await client.post(
        `/api/projects/${project.id}/execute`,
        { filePath: 'a.js', code: '' },
        { withoutCsrf: true },
      );
      expectError(response, 403, 'CSRF_FAILED');
    });

    it('names the supported languages for a file it cannot run', async () => {
      const message = expectError(
        await execute(client, project.id, { filePath: 'notes/readme.md', code: '# hi' }),
        400,
        'VALIDATION_FAILED',
      );
      expect(message).toBe(
        'notes/readme.md cannot be run: Kiln runs JavaScript (.js, .mjs, .cjs), TypeScript (.ts) or Python (.py) files',
      );
    });

    it('refuses a path outside the project and a body without code', async () => {
      const escape = expectError(
        await execute(client, project.id, { filePath: '../escape.js', code: '' }),
        400,
        'VALIDATION_FAILED',
      );
      expect(escape).toContain('".."');
      const missing = await client.post(`/api/projects/${project.id}/execute`, {
        filePath: 'a.js',
      });
      expectError(missing, 400, 'VALIDATION_FAILED');
    });

    it('refuses to run a folder', async () => {
      await createFile(client, project.id, 'tools.js', { isDirectory: true });
      const message = expectError(
        await execute(client, project.id, { filePath: 'tools.js', code: '' }),
        400,
        'VALIDATION_FAILED',
      );
      expect(message).toBe('tools.js is a folder, not a file');
    });
  });

  describe('the project is there', () => {
    it('runs the editor text (unsaved edits included) and answers output, exit code and duration', async () => {
      await createFile(client, project.id, 'hello.js', { content: "console.log('saved')" });
      const result = await run(client, project.id, 'hello.js', "console.log('unsaved edit')");
      expect(result).toMatchObject({
        output: 'unsaved edit\n',
        error: null,
        exitCode: 0,
        truncated: false,
        limit: null,
        language: 'javascript',
        backend: 'bubblewrap',
      });
      expect(result.durationMs).toBeGreaterThan(0);
    });

    it('lets a JavaScript file require a sibling, and an ES module import one', async () => {
      await createFile(client, project.id, 'lib/math.js', {
        content: 'exports.add = (a, b) => a + b;',
      });
      const cjs = await run(
        client,
        project.id,
        'lib/main.js',
        "const { add } = require('./math'); console.log('sum', add(2, 3));",
      );
      expect(cjs.output).toBe('sum 5\n');
      await createFile(client, project.id, 'esm/shout.mjs', {
        content: 'export const shout = (word) => word.toUpperCase();',
      });
      const esm = await run(
        client,
        project.id,
        'esm/main.mjs',
        "import { shout } from './shout.mjs'; console.log(shout('kiln'));",
      );
      expect(esm.output).toBe('KILN\n');
    });

    it('lets a Python file import a sibling module', async () => {
      await createFile(client, project.id, 'py/greeting.py', {
        content: 'def greet(name):\n    return f"Hello, {name}!"\n',
      });
      const result = await run(
        client,
        project.id,
        'py/main.py',
        'from greeting import greet\nprint(greet("Kiln"))\n',
      );
      expect(result).toMatchObject({ output: 'Hello, Kiln!\n', error: null, exitCode: 0 });
      expect(result.language).toBe('python');
    });

    it('runs TypeScript that imports another TypeScript file', async () => {
      await createFile(client, project.id, 'ts/area.ts', {
        content:
          'export function area(width: number, height: number): number { return width * height; }',
      });
      const result = await run(
        client,
        project.id,
        'ts/main.ts',
        "import { area } from './area.js';\nconst size: number = area(6, 7);\nconsole.log(`area ${size}`);\n",
      );
      expect(result).toMatchObject({ output: 'area 42\n', error: null, exitCode: 0 });
      expect(result.language).toBe('typescript');
    });

    it('shows a TypeScript syntax error with its file and line', async () => {
      const result = await run(client, project.id, 'ts/broken.ts', 'const x: number = ;\n');
      expect(result.exitCode).toBe(1);
      expect(result.error).toMatch(/^ts\/broken\.ts:1:\d+: error: /);
    });

    it('runs the blank template, and explains the missing packages of the Express and Flask ones', async () => {
      const { client: owner } = await signUp(t.app);
      const created = async (templateId: string) => {
        const response = await owner.post('/api/projects', { name: templateId, templateId });
        expect(response.statusCode, response.body).toBe(201);
        return response.json<Project>().id;
      };
      // A new project's files are its template's (templates.test.ts checks that).
      const templates = (await owner.get('/api/templates')).json<Template[]>();
      const saved = (templateId: string, path: string) =>
        templates
          .find((template) => template.id === templateId)
          ?.files.find((file) => file.path === path)?.content ?? '';
      const blank = await created('blank');
      const hello = await run(owner, blank, 'index.js', saved('blank', 'index.js'));
      expect(hello).toMatchObject({ exitCode: 0, error: null });
      expect(hello.output).toContain('Hello, world! Your project is ready.');

      const express = await created('nodejs-express');
      const server = await run(owner, express, 'index.js', saved('nodejs-express', 'index.js'));
      expect(server.exitCode).toBe(1);
      expect(server.error).toContain("Cannot find package 'express'");
      expect(server.error).toContain("Hint: 'express' is listed in package.json");

      const flask = await created('python-flask');
      const app = await run(owner, flask, 'app.py', saved('python-flask', 'app.py'));
      expect(app.error).toContain("No module named 'flask'");
      expect(app.error).toContain("Hint: 'flask' is listed in requirements.txt");
    });

    it("shows a program's own error and exit code", async () => {
      const result = await run(
        client,
        project.id,
        'fail.py',
        'import sys\nprint("before")\nsys.exit(3)\n',
      );
      expect(result).toMatchObject({ output: 'before\n', exitCode: 3, limit: null });
      expect(result.error).toBe('Process exited with code 3.');
      const thrown = await run(client, project.id, 'throw.js', "throw new Error('boom')");
      expect(thrown.exitCode).toBe(1);
      expect(thrown.error).toContain('Error: boom');
    });
  });

  describe('limits', () => {
    it('stops a program that never ends at the time limit', async () => {
      const result = await run(client, project.id, 'sleepy.py', 'import time\ntime.sleep(60)\n');
      expect(result).toMatchObject({ limit: 'time', exitCode: null, error: LIMIT_MESSAGES.time });
      expect(result.durationMs).toBeGreaterThanOrEqual(EXEC_LIMITS.wallMs);
      expect(result.durationMs).toBeLessThan(EXEC_LIMITS.wallMs + 3_000);
    });

    it('stops a busy loop at the CPU limit', async () => {
      const result = await run(client, project.id, 'spin.js', 'while (true) {}');
      // On a loaded machine the wall clock may run out before 5 s of CPU are used.
      expect(['cpu', 'time']).toContain(result.limit);
      expect(result.error).toBe(LIMIT_MESSAGES[result.limit ?? 'cpu']);
    });

    it('kills a JavaScript memory hog and says so', async () => {
      const result = await run(
        client,
        project.id,
        'hog.js',
        'const kept = []; while (true) kept.push(Buffer.alloc(1024 * 1024, 1));',
      );
      expect(result.limit).toBe('memory');
      expect(result.error).toContain(LIMIT_MESSAGES.memory);
      expect(result.error).not.toMatch(/0x[0-9a-f]{6}/);
    });

    it('stops a Python memory hog', async () => {
      const result = await run(
        client,
        project.id,
        'hog.py',
        'kept = []\nwhile True:\n    kept.append(bytearray(16 * 1024 * 1024))\n',
      );
      expect(result.limit).toBe('memory');
      expect(result.error).toContain('MemoryError');
    });

    it('contains a fork bomb within the process limit', async () => {
      const bomb = [
        'import os, time',
        'started = failed = 0',
        'for _ in range(500):',
        '    try:',
        '        if os.fork() == 0:',
        '            time.sleep(3)',
        '            os._exit(0)',
        '        started += 1',
        '    except OSError:',
        '        failed += 1',
        'print(started, failed)',
      ].join('\n');
      const result = await run(client, project.id, 'bomb.py', bomb);
      const [started, failed] = result.output.trim().split(' ').map(Number);
      expect(started).toBeLessThan(EXEC_LIMITS.processes);
      expect(failed).toBeGreaterThan(500 - EXEC_LIMITS.processes);
      expect((await client.get('/api/health')).statusCode).toBe(200);
    });

    it('cuts a flood of output and stops the program', async () => {
      const result = await run(
        client,
        project.id,
        'flood.js',
        "while (true) console.log('x'.repeat(100))",
      );
      expect(result).toMatchObject({ truncated: true, limit: 'output', exitCode: null });
      expect(result.output.endsWith(`${TRUNCATION_NOTICE}\n`)).toBe(true);
      expect(Buffer.byteLength(result.output)).toBeLessThanOrEqual(
        EXEC_LIMITS.outputBytes + TRUNCATION_NOTICE.length + 2,
      );
      const python = await run(
        client,
        project.id,
        'flood.py',
        "while True:\n    print('y' * 100)\n",
      );
      expect(python).toMatchObject({ truncated: true, limit: 'output' });
    });

    it('refuses writes beyond 10 MB, and outside the working folder', async () => {
      const script = [
        'import os',
        'def attempt(path, size=1):',
        '    try:',
        '        with open(path, "wb") as f:',
        '            f.write(b"x" * size)',
        '        return "ok"',
        '    except OSError as e:',
        '        return type(e).__name__',
        'print("big", attempt("big.bin", 11 * 1024 * 1024))',
        // What the failed write left behind takes the budget; freeing it gives the room back.
        'os.remove("big.bin")',
        'for target in ["/usr/kiln.txt", "/etc/kiln.txt", "/kiln/kiln.txt", "/kiln-root.txt"]:',
        '    print(target, attempt(target))',
        'print("here", attempt("small.txt", 100))',
        'print("tmp", attempt("/tmp/scratch.txt", 100))',
      ].join('\n');
      const result = await run(client, project.id, 'writes.py', script);
      const lines = Object.fromEntries(
        result.output
          .trim()
          .split('\n')
          .map((line) => line.split(' ')),
      );
      expect(lines.big).not.toBe('ok');
      for (const target of ['/usr/kiln.txt', '/etc/kiln.txt', '/kiln/kiln.txt', '/kiln-root.txt']) {
        expect(lines[target], target).not.toBe('ok');
      }
      expect(lines.here).toBe('ok');
      expect(lines.tmp).toBe('ok');
    });
  });

  describe('isolation', () => {
    it('cannot open a socket to the Kiln server or the outside world', async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const probe = [
        'import socket',
        `for host, port in [("127.0.0.1", ${port}), ("1.1.1.1", 443)]:`,
        '    try:',
        '        socket.create_connection((host, port), timeout=2)',
        '        print(host, "connected")',
        '    except OSError as e:',
        '        print(host, "refused", type(e).__name__)',
      ].join('\n');
      const result = await run(client, project.id, 'net.py', probe);
      expect(result.output).toContain('127.0.0.1 refused');
      expect(result.output).toContain('1.1.1.1 refused');
      expect(result.output).not.toContain('connected');
      const node = await run(
        client,
        project.id,
        'net.js',
        `require('http').get('http://127.0.0.1:${port}/api/health', () => console.log('reached')).on('error', (e) => console.log('blocked', e.code));`,
      );
      expect(node.output).toBe('blocked ECONNREFUSED\n');
    });

    it("cannot see the server's environment, only its own", async () => {
      const result = await run(
        client,
        project.id,
        'env.js',
        'console.log(JSON.stringify(process.env))',
      );
      const env = JSON.parse(result.output) as Record<string, string>;
      expect(Object.values(env)).not.toContain(canary);
      expect(Object.keys(env).sort()).toEqual(
        // PWD is the shell's, set as it starts the program in the project folder; the rest of
        // the second line lead to the project's own database (decision 0017).
        [
          ...['HOME', 'LANG', 'PATH', 'PWD', 'PYTHONUNBUFFERED', 'TMPDIR', 'USER'],
          ...[
            'DATABASE_URL',
            'PGHOST',
            'PGPORT',
            'PGUSER',
            'PGPASSWORD',
            'PGDATABASE',
            'PGSSLMODE',
          ],
        ].sort(),
      );
    });

    it("cannot read the server's data folder, its source or its process", async () => {
      await mkdir(t.dataDir, { recursive: true });
      await writeFile(path.join(t.dataDir, 'secret.key'), 'top secret');
      const hidden = [path.join(t.dataDir, 'secret.key'), fileURLToPath(import.meta.url)];
      const script = [
        'const fs = require("fs");',
        `for (const target of ${JSON.stringify(hidden)}) {`,
        '  try { fs.readFileSync(target); console.log("read"); }',
        '  catch (error) { console.log(error.code); }',
        '}',
        // Process 1 is the sandbox's own init, never the server.
        'console.log(fs.readFileSync("/proc/1/environ", "utf8").split("\\0").join(" "));',
        'console.log(fs.readdirSync("/proc").filter((name) => /^\\d+$/.test(name)).length);',
      ].join('\n');
      const result = await run(client, project.id, 'peek.js', script);
      const [dataDir, source, environ, processes] = result.output.trim().split('\n');
      expect([dataDir, source]).toEqual(['ENOENT', 'ENOENT']);
      expect(environ).not.toContain(canary);
      expect(environ).not.toContain(t.dataDir);
      expect(Number(processes)).toBeLessThan(5);
    });

    it("cannot find another project's files, even while that project runs", async () => {
      const other = await ownerWithProject(t);
      await createFile(other.client, other.project.id, 'b-secret.txt', { content: 'other' });
      const theirs = run(
        other.client,
        other.project.id,
        'wait.py',
        'import time\ntime.sleep(4)\nprint(open("b-secret.txt").read())',
      );
      const search = [
        'import os, time',
        'time.sleep(1)',
        'found = []',
        'for root, dirs, files in os.walk("/"):',
        '    dirs[:] = [d for d in dirs if os.path.join(root, d) not in ("/proc", "/sys", "/dev", "/usr")]',
        '    found += [os.path.join(root, f) for f in files if f == "b-secret.txt"]',
        'print(found)',
      ].join('\n');
      const mine = await run(client, project.id, 'search.py', search);
      expect(mine.output).toBe('[]\n');
      expect((await theirs).output).toBe('other\n');
    });
  });
});

describe('run queue', needs('bwrap', 'python3'), () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      SANDBOX: 'bubblewrap',
      EXEC_CONCURRENCY: '1',
      EXEC_QUEUE_LENGTH: '1',
    });
  });
  afterAll(() => t.close());

  it('queues a run while the slot is busy, then answers 429 once the queue is full', async () => {
    const { client, project } = await ownerWithProject(t);
    const slow = 'import time\ntime.sleep(2)\nprint("done")';
    const first = run(client, project.id, 'a.py', slow);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const queued = run(client, project.id, 'b.py', slow);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const refused = await execute(client, project.id, { filePath: 'c.py', code: slow });
    expect(expectError(refused, 429, 'RATE_LIMITED')).toBe(
      'Too many programs are running right now. Please try again in a moment.',
    );
    expect((await first).output).toBe('done\n');
    expect((await queued).output).toBe('done\n');
  });
});

describe('POST /api/projects/:id/execute in QuickJS (no bubblewrap)', () => {
  let t: TestApp;
  let client: TestClient;
  let project: Project;
  beforeAll(async () => {
    t = await createTestApp({ SANDBOX: 'quickjs' });
    ({ client, project } = await ownerWithProject(t));
  });
  afterAll(() => t.close());

  it('reports QuickJS in /api/health', async () => {
    const response = await client.get('/api/health');
    expect(response.json()).toMatchObject({
      sandbox: {
        backend: 'quickjs',
        languages: ['javascript', 'typescript'],
        confinement: 'per-process',
      },
    });
  });

  it('runs JavaScript with siblings, ES modules and TypeScript', async () => {
    await createFile(client, project.id, 'util.js', { content: 'module.exports = (n) => n * 2;' });
    await createFile(client, project.id, 'names.ts', {
      content: "export const names: string[] = ['a', 'b'];",
    });
    const result: ExecuteResult = await run(
      client,
      project.id,
      'main.js',
      "import { names } from './names';\nconst double = require('./util');\nconsole.log(double(21), names, { ok: true });\nsetTimeout(() => console.log('later'), 10);",
    );
    expect(result).toMatchObject({
      output: "42 [ 'a', 'b' ] { ok: true }\nlater\n",
      error: null,
      exitCode: 0,
      backend: 'quickjs',
    });
  });

  it('answers 503 for Python, naming the missing sandbox', async () => {
    const message = expectError(
      await execute(client, project.id, { filePath: 'main.py', code: 'print(1)' }),
      503,
      'SERVICE_UNAVAILABLE',
    );
    expect(message).toContain('bubblewrap');
  });

  it("has no Node built-ins and cannot see the server's environment", async () => {
    const result = await run(
      client,
      project.id,
      'fs.js',
      "require('fs').readFileSync('/etc/passwd')",
    );
    expect(result.exitCode).toBe(1);
    expect(result.error).toContain("Cannot use 'fs'");
    const env = await run(
      client,
      project.id,
      'env.js',
      'console.log(Object.keys(process.env).join())',
    );
    expect(env.output).toBe('PATH,HOME,USER,LANG,TMPDIR,PYTHONUNBUFFERED\n');
  });

  it('stops an endless loop at the time limit and a memory hog at the memory limit', async () => {
    const [loop, hog] = await Promise.all([
      run(client, project.id, 'loop.js', 'while (true) {}'),
      run(
        client,
        project.id,
        'hog.js',
        'const kept = []; while (true) kept.push(new Array(1e6).fill(1));',
      ),
    ]);
    expect(loop).toMatchObject({ limit: 'time', error: LIMIT_MESSAGES.time });
    expect(hog.limit).toBe('memory');
    expect(hog.error).toContain(LIMIT_MESSAGES.memory);
  });

  it('cuts a flood of output', async () => {
    const result = await run(
      client,
      project.id,
      'flood.js',
      "while (true) console.log('x'.repeat(100))",
    );
    expect(result).toMatchObject({ truncated: true, limit: 'output' });
  });
});
