// What a benchmark started, released newest first: at the end of a section, on failure, and on
// Ctrl-C, so no server, proxy or database it made outlives it.
import { setTimeout as sleep } from 'node:timers/promises';

export class Cleanup {
  private readonly steps: { label: string; release: () => Promise<void> }[] = [];
  private readonly running = new Set<Promise<void>>();

  /** Releases on Ctrl-C or SIGTERM what is held then, and exits 130. */
  constructor(options: { onSignals?: boolean } = {}) {
    if (!options.onSignals) return;
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        console.error(`\n${signal}: cleaning up`);
        void this.releaseTo(0).finally(() => process.exit(130));
      });
    }
  }

  hold(label: string, release: () => Promise<void> | void) {
    this.steps.push({ label, release: async () => release() });
  }

  /** A mark to release back to: what is held now stays held. */
  mark(): number {
    return this.steps.length;
  }

  /** Releases everything held since `mark` (all of it by default), newest first. */
  async releaseTo(mark = 0): Promise<void> {
    while (this.steps.length > mark) {
      const { label, release } = this.steps.pop()!;
      const done = Promise.race([
        release(),
        sleep(15_000, undefined, { ref: false }).then(() => {
          throw new Error('timed out');
        }),
      ]).catch((error: unknown) => {
        console.error(`clean-up of ${label} failed: ${(error as Error).message}`);
      });
      this.running.add(done);
      await done;
      this.running.delete(done);
    }
    // A second caller (Ctrl-C during a failure's clean-up) waits for the first one's too.
    if (mark === 0) await Promise.all(this.running);
  }
}
