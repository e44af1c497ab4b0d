import { AppError } from '../../lib/app-error';

/** An install under way: stopped through its signal, ended (once) by `finish`. */
export interface RunningInstall {
  signal: AbortSignal;
  finish(): void;
}

/**
 * The installs running in this server: one at a time per project (two installers writing one
 * node_modules would corrupt it), and a few at once in all, since each can use a core for
 * minutes. A server that stops stops them first.
 */
export class InstallTracker {
  private readonly running = new Map<
    string,
    { controller: AbortController; finished: Promise<void> }
  >();

  constructor(private readonly maxAtOnce: number) {}

  /** Marks an install of the project as started. */
  start(projectId: string): RunningInstall {
    if (this.running.has(projectId)) {
      throw new AppError(
        'CONFLICT',
        'Packages are already being installed for this project: wait for that install to finish.',
      );
    }
    if (this.running.size >= this.maxAtOnce) {
      throw new AppError(
        'RATE_LIMITED',
        'The server is busy installing packages for other projects. Please try again in a minute.',
      );
    }
    const controller = new AbortController();
    let finish = () => {};
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const entry = { controller, finished };
    this.running.set(projectId, entry);
    return {
      signal: controller.signal,
      finish: () => {
        if (this.running.get(projectId) === entry) this.running.delete(projectId);
        finish();
      },
    };
  }

  isRunning(projectId: string): boolean {
    return this.running.has(projectId);
  }

  /** Stops every install and waits until each has ended (server shutdown). */
  async stopAll(): Promise<void> {
    const all = [...this.running.values()];
    for (const { controller } of all) controller.abort();
    await Promise.all(all.map(({ finished }) => finished));
  }
}
