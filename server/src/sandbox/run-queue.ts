import { AppError } from '../lib/app-error';

export const tooManyRuns = () =>
  new AppError(
    'RATE_LIMITED',
    'Too many programs are running right now. Please try again in a moment.',
  );

/**
 * At most `maxRunning` runs at once on this server, a short line after that, then 429
 * (decision 0007): a burst of runs waits its turn instead of starving the server of CPU.
 */
export class RunQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly maxRunning: number,
    private readonly maxWaiting: number,
  ) {}

  async use<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.maxRunning) this.running += 1;
    else if (this.waiting.length >= this.maxWaiting) throw tooManyRuns();
    // A run that ends hands its place straight to the next one waiting.
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
