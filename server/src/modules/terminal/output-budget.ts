/**
 * How fast a shell's output is read: a token bucket of `bytesPerSecond`, holding up to
 * `burstBytes`. A program that prints faster than that (`yes`, `cat` of a huge file) is made to
 * wait, as on a slow terminal, so one flooding shell costs the server a bounded share of a core
 * whoever reads it (a browser could not draw more anyway), and the others keep theirs.
 */
export class OutputBudget {
  private tokens: number;
  private refilledAt: number;

  constructor(
    private readonly bytesPerSecond: number,
    private readonly burstBytes: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = burstBytes;
    this.refilledAt = now();
  }

  /**
   * Counts `bytes` just read against the budget; answers how many ms the reading should wait
   * before going on (0: read on at once).
   */
  spend(bytes: number): number {
    const now = this.now();
    const earned = ((now - this.refilledAt) / 1000) * this.bytesPerSecond;
    this.tokens = Math.min(this.burstBytes, this.tokens + earned) - bytes;
    this.refilledAt = now;
    if (this.tokens >= 0) return 0;
    return Math.ceil((-this.tokens / this.bytesPerSecond) * 1000);
  }
}
