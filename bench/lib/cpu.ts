// CPU time from /proc: a process's own, a process with every program it started, the machine's.
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

/** USER_HZ, 100 on every Linux that matters. */
const CLOCK_TICKS_PER_SECOND = 100;

export const ticksToMs = (ticks: number) => (ticks * 1000) / CLOCK_TICKS_PER_SECOND;

/**
 * The fields of /proc/{pid}/stat after the command name (which is in parentheses and may hold
 * spaces), so field n of proc(5) is at index n - 3; null when the process is gone. Read
 * synchronously: a few microseconds, where a promise-based read costs far more CPU when a sampler
 * reads dozens of them several times a second.
 */
export function procStat(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** Every process `pid` started that is still running, its children's children included. */
export function descendantsOf(pid: number, into: number[] = []): number[] {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return into;
  }
  for (const task of tasks) {
    let children = '';
    try {
      children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8');
    } catch {
      continue;
    }
    for (const child of children.split(' ').filter(Boolean).map(Number)) {
      into.push(child);
      descendantsOf(child, into);
    }
  }
  return into;
}

/**
 * CPU time of the processes `pids()` names, sampled every `everyMs` from start() to stop(): the
 * descendants of a server (`descendantsOf`), a database's backends. Sampled, because a sandbox's
 * processes often end killed or orphaned, reaped by another pid namespace's init, so their time
 * never reaches their starter's waited-for total (cutime); a process that ends between two
 * samples loses what it used since the last one.
 */
export class SampledCpu {
  private readonly first = new Map<number, number>();
  private readonly last = new Map<number, number>();
  private sampling: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private started = false;

  constructor(
    private readonly pids: () => number[] | Promise<number[]>,
    private readonly everyMs = 250,
  ) {}

  start(): Promise<void> {
    this.timer = setInterval(() => void this.sample(), this.everyMs);
    return this.sample();
  }

  /** The ms of CPU the processes used since start(). */
  async stop(): Promise<number> {
    clearInterval(this.timer);
    await this.sample();
    let ticks = 0;
    for (const [pid, last] of this.last) ticks += last - (this.first.get(pid) ?? 0);
    return ticksToMs(ticks);
  }

  private sample(): Promise<void> {
    this.sampling = this.sampling.then(async () => {
      for (const pid of await this.pids()) {
        const fields = procStat(pid);
        if (!fields) continue;
        const ticks = Number(fields[11]) + Number(fields[12]);
        // Those alive at the start count from there; those born since, from nothing.
        if (!this.first.has(pid)) this.first.set(pid, this.started ? 0 : ticks);
        this.last.set(pid, ticks);
      }
      this.started = true;
    });
    return this.sampling;
  }
}

/** The machine's CPU time so far, in ms summed over its cores: busy (not idle nor iowait) and all. */
export async function machineCpuMs(): Promise<{ busy: number; total: number }> {
  const [line = ''] = (await readFile('/proc/stat', 'utf8')).split('\n');
  const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = ticks.reduce((sum, value) => sum + value, 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return { busy: ticksToMs(total - idle), total: ticksToMs(total) };
}
