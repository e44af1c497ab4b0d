import { chmod, chown, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs } from '../test/system-programs';
import { createBubblewrapSandbox } from './bubblewrap';
import {
  openSandboxGroups,
  readCgroupLayout,
  sandboxesCpuQuotaUs,
  thisMachinesCgroupLayout,
  type SandboxGroups,
} from './cgroups';
import { bubblewrapOptions, sandboxUser } from './create-sandbox';
import { runEnvironment } from './run-environment';
import { collectSession } from './test-session';
import type { Sandbox } from './types';

const MOUNTINFO = [
  '30 22 0:27 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755',
  '31 30 0:28 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu',
  '35 30 0:32 /docker/abc /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory',
  '38 30 0:35 / /sys/fs/cgroup/pids\\040here rw,relatime - cgroup cgroup rw,pids',
  '39 30 0:36 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw',
].join('\n');

describe("the sandboxes' CPU quota", () => {
  it('leaves the server half a core, and sandboxes at least half of one', () => {
    expect(sandboxesCpuQuotaUs(2) / sandboxesCpuQuotaUs(1)).toBe(3);
    expect([1, 2, 8].map((cores) => sandboxesCpuQuotaUs(cores) / sandboxesCpuQuotaUs(1))).toEqual([
      1, 3, 15,
    ]);
  });
});

describe('where this server sits in the control groups', () => {
  it('reads each controller’s folder, inside a container whose group is its mount’s root', () => {
    const cgroups = '8:pids:/\n4:memory:/docker/abc/inner\n1:cpu:/kiln.service\n0::/\n';
    expect(readCgroupLayout(MOUNTINFO, cgroups)).toEqual({
      layout: {
        own: {
          cpu: '/sys/fs/cgroup/cpu/kiln.service',
          memory: '/sys/fs/cgroup/memory/inner',
          pids: '/sys/fs/cgroup/pids here',
        },
      },
    });
  });

  it('says why not on a machine with the unified hierarchy only', () => {
    const unifiedOnly = MOUNTINFO.split('\n')
      .filter((line) => !line.includes(' cgroup cgroup '))
      .join('\n');
    expect(readCgroupLayout(unifiedOnly, '0::/\n')).toEqual({
      problem: 'no cgroup v1 hierarchy has the cpu controller',
    });
  });
});

const found = thisMachinesCgroupLayout();
const rootServer = process.getuid?.() === 0;

/**
 * Real control groups: a root server on a machine with cgroup v1 (as CI's). Elsewhere Kiln runs
 * sandboxes without them and says so at start-up; these tests are then skipped.
 */
describe.skipIf(!rootServer || 'problem' in found)(
  'a sandbox held by its control groups',
  needs('bwrap', 'python3'),
  () => {
    let groups: SandboxGroups;
    let sandbox: Sandbox;
    let root: string;
    let workspace: string;
    const layout = 'layout' in found ? found.layout : null;

    beforeAll(async () => {
      const opened = await openSandboxGroups({
        layout: layout!,
        runAs: sandboxUser(),
        limits: { memoryBytes: 96 * 1024 * 1024, tasks: 40 },
      });
      if ('problem' in opened) throw new Error(opened.problem);
      groups = opened;
      const options = bubblewrapOptions({
        preference: 'bubblewrap',
        pythonCommand: 'python3',
        maxIdleWorkers: 1,
      });
      sandbox = createBubblewrapSandbox({ ...options!, groups });
      root = await mkdtemp(path.join(os.tmpdir(), 'kiln-cgroups-'));
      workspace = path.join(root, 'workspace');
      await mkdir(workspace);
      await chmod(root, 0o711);
      await chown(workspace, 65534, 65534);
    });

    afterAll(async () => {
      await groups?.close();
      await rm(root, { recursive: true, force: true });
    });

    const session = (script: string) =>
      sandbox.openSession!({
        workspace,
        env: runEnvironment({}),
        command: ['/bin/sh', '-c', script],
        // Per process, more than the group allows in all: the group is what stops them.
        limits: {
          cpuSeconds: 20,
          memoryBytes: 512 * 1024 * 1024,
          processes: 64,
          fileBytes: 1024 * 1024,
          openFiles: 64,
        },
        bridges: [],
        scratchBytes: 16 * 1024 * 1024,
      });

    /**
     * This process's groups of sandboxes, newest first: the first is this file's (a test worker
     * runs file after file, and an earlier file's server may have made some too).
     */
    const ourGroups = async (controller: 'cpu' | 'memory' | 'pids') => {
      const own = layout!.own[controller];
      const prefix = `kiln-sandboxes-${process.pid}-`;
      const names = (await readdir(own)).filter((name) => name.startsWith(prefix));
      const order = (name: string) => Number(name.slice(prefix.length));
      return names.sort((a, b) => order(b) - order(a)).map((name) => path.join(own, name));
    };

    it('weighs all sandboxes at half a server process on the CPU, and leaves it half a core', async () => {
      const [parent] = await ourGroups('cpu');
      const read = async (file: string) =>
        Number((await readFile(path.join(parent!, file), 'utf8')).trim());
      expect(await read('cpu.shares')).toBe(512);
      const cores = (await read('cpu.cfs_quota_us')) / (await read('cpu.cfs_period_us'));
      expect(cores).toBeCloseTo(Math.max(0.5, os.availableParallelism() - 0.5), 5);
    });

    it('ends a process past the memory of the whole sandbox, which its own limit allowed', async () => {
      const result = await collectSession(
        await session(
          'python3 -c "x = bytearray(200 * 1024 * 1024); print(len(x))"; echo "status=$?"',
        ),
      );
      expect(result.out).toBe('status=137\n');
    });

    it('stops a fork bomb at the task limit of the sandbox, below its process limit', async () => {
      const forks = [
        'import os, time',
        'n = 0',
        'for i in range(60):',
        '    try:',
        '        pid = os.fork()',
        '    except OSError:',
        '        break',
        '    if pid == 0:',
        '        time.sleep(2)',
        '        os._exit(0)',
        '    n += 1',
        'print(n)',
      ].join('\n');
      const result = await collectSession(await session(`python3 -c '${forks}'`));
      // 60 would fit its 64 processes; the group's 40 tasks include the launch and the shell.
      const forked = Number(result.out.trim());
      expect(forked).toBeGreaterThan(0);
      expect(forked).toBeLessThan(40);
    });

    it('keeps every process of a session in its group, and removes the group when it ends', async () => {
      // Sleeps longer than the test waits, ended by the kill: on a busy machine, where the
      // sandboxes' CPU quota holds them back, the session may take seconds to start.
      const running = await session('sleep 60 & sleep 60 & wait');
      const finished = collectSession(running);
      const [parent] = await ourGroups('pids');
      const tasksOf = async (group: string) =>
        (await readFile(path.join(parent!, group, 'cgroup.procs'), 'utf8').catch(() => ''))
          .split('\n')
          .filter(Boolean);
      const groupsNow = async () =>
        (await readdir(parent!, { withFileTypes: true }))
          .filter((entry) => entry.isDirectory())
          .map((entry) => entry.name);
      // The launch writes itself into its group first thing; the sandbox then starts in it:
      // bwrap, the sandbox's own processes, its shell and the two sleeps.
      let mine: string | undefined;
      let tasks: string[] = [];
      for (let attempt = 0; tasks.length < 4 && attempt < 500; attempt += 1) {
        for (const group of await groupsNow()) {
          const inGroup = await tasksOf(group);
          if (inGroup.includes(String(running.child.pid))) [mine, tasks] = [group, inGroup];
        }
        if (tasks.length < 4) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(mine).toBeDefined();
      expect(tasks.length).toBeGreaterThanOrEqual(4);
      running.kill();
      await finished;
      const deadline = Date.now() + 5_000;
      while ((await groupsNow()).includes(mine!) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await groupsNow()).not.toContain(mine);
    });

    it('reports a run ended by the memory of the whole run as its memory limit', async () => {
      const outcome = await sandbox.run({
        language: 'python',
        entry: 'hog.py',
        files: [{ path: 'hog.py', content: 'x = bytearray(200 * 1024 * 1024)\nprint(len(x))\n' }],
        env: {},
      });
      expect(outcome.limit).toBe('memory');
    });
  },
);
