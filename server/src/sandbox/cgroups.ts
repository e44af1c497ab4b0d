import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * What every sandbox (a run, a shell, an install, a dev server) is held to as a whole, beside the
 * rlimits each of its processes has (decision 0007): rlimits count per process, so 64 processes
 * of 256 MB each would be 16 GB, and a process limit alone leaves a CPU-bound sandbox an equal
 * say with the server about the cores.
 */
export const SANDBOX_GROUP_LIMITS = {
  /** Memory of all of a sandbox's processes together; past it the kernel ends one of them. */
  memoryBytes: 1024 * 1024 * 1024,
  /** Processes and threads of one sandbox together (its rlimit counts processes per user). */
  tasks: 256,
  /**
   * The CPU weight of all sandboxes together against each of the server's own processes (1024):
   * when the cores are contended, the server gets two thirds of one; idle cores are anyone's.
   */
  sandboxesCpuShares: 512,
  /**
   * The share of a core no sandbox may take from the server, whatever its weight: all sandboxes
   * together run at most the machine's cores less this in each period of the kernel's CPU
   * bandwidth control (at least half a core), so a busy loop or a fork bomb never leaves the
   * server waiting for a core to free.
   */
  serverReservedCores: 0.5,
} as const;

/** The CPU bandwidth period the sandboxes' quota is counted in (the kernel's default). */
const CPU_PERIOD_US = 20_000;

/** How much CPU time all sandboxes together may take per period, on a machine of `cores`. */
export function sandboxesCpuQuotaUs(cores: number): number {
  const usable = Math.max(0.5, cores - SANDBOX_GROUP_LIMITS.serverReservedCores);
  return Math.round(usable * CPU_PERIOD_US);
}

/** A control group for one sandbox: how a command joins it, and its removal once it ended. */
export interface SandboxGroup {
  /**
   * A command prefix: a shell that writes its own process id into the group, then executes the
   * rest. Joining before the sandbox starts leaves no moment when a process of it runs outside.
   */
  join: string[];
  /** Whether the kernel ended a process of the sandbox for passing the group's memory. */
  memoryLimitHit(): Promise<boolean>;
  /** Ends whatever is left in the group and removes it. */
  remove(): Promise<void>;
}

export interface SandboxGroups {
  readonly kind: 'cgroup-v1';
  open(): Promise<SandboxGroup>;
  /** Removes the groups of this server process. */
  close(): Promise<void>;
}

const CONTROLLERS = ['cpu', 'memory', 'pids'] as const;
type Controller = (typeof CONTROLLERS)[number];

/** Where this process sits in each controller's hierarchy, read from the kernel's own tables. */
export interface CgroupLayout {
  /** The folder of this process's group, per controller. */
  own: Record<Controller, string>;
}

/**
 * This process's cgroup v1 folders for cpu, memory and pids, when each hierarchy is mounted (from
 * /proc/self/mountinfo and /proc/self/cgroup), or why not. cgroup v2 alone (the unified
 * hierarchy, where a server must first move itself into a leaf group of its own) is not used:
 * sandboxes then rely on their rlimits and the scheduler's per-session groups.
 */
export function readCgroupLayout(
  mountinfo: string,
  cgroups: string,
): { layout: CgroupLayout } | { problem: string } {
  const own: Partial<Record<Controller, string>> = {};
  for (const controller of CONTROLLERS) {
    const mount = mountinfo
      .split('\n')
      .map((line) => line.split(' '))
      .find((fields) => {
        const separator = fields.indexOf('-');
        return (
          separator > 0 &&
          fields[separator + 1] === 'cgroup' &&
          (fields[separator + 3] ?? '').split(',').includes(controller)
        );
      });
    if (!mount) return { problem: `no cgroup v1 hierarchy has the ${controller} controller` };
    const [, , , root = '/', mountPoint = ''] = mount;
    const entry = cgroups
      .split('\n')
      .map((line) => line.split(':'))
      .find(([, names]) => (names ?? '').split(',').includes(controller));
    const ownPath = entry?.slice(2).join(':');
    if (ownPath === undefined) return { problem: `this process has no ${controller} group` };
    // A container sees its own group as the mount's root.
    const relative = ownPath.startsWith(root) ? ownPath.slice(root.length) : ownPath;
    own[controller] = path.join(unescapeMountPath(mountPoint), relative);
  }
  return { layout: { own: own as Record<Controller, string> } };
}

/** mountinfo writes spaces and some other characters in octal (\040). */
const unescapeMountPath = (value: string) =>
  value.replace(/\\([0-7]{3})/g, (_match, octal: string) =>
    String.fromCharCode(parseInt(octal, 8)),
  );

/** Sandbox group sets opened by this process (a test process builds many apps). */
let opened = 0;

/**
 * Opens this server's sandbox groups: one parent per controller under the server's own group
 * (`kiln-sandboxes-<pid>-<n>`), with the sandboxes' CPU weight, and one child per sandbox with its
 * memory and task limits. Answers why not when the hierarchy is missing or not writable (a server
 * that is not root, most often): the caller then runs sandboxes without them.
 */
export async function openSandboxGroups(options: {
  layout: CgroupLayout;
  /** Who sandboxed programs run as: the one who must be able to join a group. */
  runAs: { uid: number; gid: number } | null;
  limits?: { memoryBytes: number; tasks: number };
}): Promise<SandboxGroups | { problem: string }> {
  const limits = options.limits ?? SANDBOX_GROUP_LIMITS;
  opened += 1;
  const name = `kiln-sandboxes-${process.pid}-${opened}`;
  const parents = Object.fromEntries(
    CONTROLLERS.map((controller) => [controller, path.join(options.layout.own[controller], name)]),
  ) as Record<Controller, string>;
  try {
    await removeLeftovers(options.layout);
    for (const controller of CONTROLLERS) await fs.mkdir(parents[controller], { recursive: true });
    await fs.writeFile(
      path.join(parents.cpu, 'cpu.shares'),
      String(SANDBOX_GROUP_LIMITS.sandboxesCpuShares),
    );
    await fs.writeFile(path.join(parents.cpu, 'cpu.cfs_period_us'), String(CPU_PERIOD_US));
    await fs.writeFile(
      path.join(parents.cpu, 'cpu.cfs_quota_us'),
      String(sandboxesCpuQuotaUs(os.availableParallelism())),
    );
  } catch (error) {
    await removeFolders(Object.values(parents));
    return { problem: `cannot make control groups: ${(error as Error).message}` };
  }

  let next = 0;
  return {
    kind: 'cgroup-v1',
    async open() {
      next += 1;
      const folders = CONTROLLERS.map((controller) => path.join(parents[controller], String(next)));
      try {
        for (const folder of folders) await fs.mkdir(folder);
        const [, memory, pids] = folders as [string, string, string];
        await fs.writeFile(path.join(memory, 'memory.limit_in_bytes'), String(limits.memoryBytes));
        // Where swap is accounted, the same limit on memory and swap together: no way around it.
        await fs
          .writeFile(path.join(memory, 'memory.memsw.limit_in_bytes'), String(limits.memoryBytes))
          .catch(() => undefined);
        await fs.writeFile(path.join(pids, 'pids.max'), String(limits.tasks));
        const procs = folders.map((folder) => path.join(folder, 'cgroup.procs'));
        if (options.runAs) {
          for (const file of procs) await fs.chown(file, options.runAs.uid, options.runAs.gid);
        }
        return {
          join: joinCommand(procs),
          memoryLimitHit: async () => {
            const control = await fs
              .readFile(path.join(memory, 'memory.oom_control'), 'utf8')
              .catch(() => '');
            return Number(/^oom_kill (\d+)$/m.exec(control)?.[1] ?? 0) > 0;
          },
          remove: () => removeGroup(folders),
        };
      } catch (error) {
        await removeGroup(folders);
        throw error;
      }
    },
    close: () => removeFolders(Object.values(parents)),
  };
}

/**
 * `sh -c` writing its own pid into each file, then executing the command that follows the
 * files. The files are Kiln's own paths, passed as arguments, never as shell text.
 */
function joinCommand(procs: string[]): string[] {
  const script =
    'p=$$; n=$1; shift; while [ "$n" -gt 0 ]; do echo "$p" > "$1" || exit 125; shift; ' +
    'n=$((n - 1)); done; exec "$@"';
  return ['/bin/sh', '-c', script, 'kiln-join', String(procs.length), ...procs];
}

/** Kills what is left in a sandbox's groups, then removes them (a group with tasks cannot go). */
async function removeGroup(folders: string[]): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    for (const folder of folders) {
      const pids = await fs.readFile(path.join(folder, 'cgroup.procs'), 'utf8').catch(() => '');
      for (const pid of pids.split('\n').filter(Boolean)) {
        try {
          process.kill(Number(pid), 'SIGKILL');
        } catch {
          // Gone already.
        }
      }
    }
    await removeFolders(folders);
    const left = await Promise.all(folders.map((folder) => exists(folder)));
    if (!left.some(Boolean)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function removeFolders(folders: string[]): Promise<void> {
  for (const folder of folders) {
    // A control group's folder goes with rmdir, never a recursive removal (its files are not files).
    const children = await fs.readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const child of children) {
      if (child.isDirectory()) await removeFolders([path.join(folder, child.name)]);
    }
    await fs.rmdir(folder).catch(() => undefined);
  }
}

const exists = (folder: string) =>
  fs.stat(folder).then(
    () => true,
    () => false,
  );

/** The groups of servers that are gone (a crash leaves them behind), removed when empty. */
async function removeLeftovers(layout: CgroupLayout): Promise<void> {
  for (const controller of CONTROLLERS) {
    const names = await fs.readdir(layout.own[controller]).catch(() => [] as string[]);
    for (const name of names) {
      const pid = /^kiln-sandboxes-(\d+)-\d+$/.exec(name)?.[1];
      if (!pid || Number(pid) === process.pid || processRuns(Number(pid))) continue;
      await removeFolders([path.join(layout.own[controller], name)]);
    }
  }
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** This machine's layout, read once per process. */
let cachedLayout: ReturnType<typeof readCgroupLayout> | null = null;
export function thisMachinesCgroupLayout(): ReturnType<typeof readCgroupLayout> {
  if (!cachedLayout) {
    try {
      cachedLayout = readCgroupLayout(
        readFileSync('/proc/self/mountinfo', 'utf8'),
        readFileSync('/proc/self/cgroup', 'utf8'),
      );
    } catch (error) {
      cachedLayout = { problem: `cannot read /proc: ${(error as Error).message}` };
    }
  }
  return cachedLayout;
}
