/**
 * Notices an agent calling the same tool with the same arguments again while nothing in the
 * project changed in between: the second time the model is told so, the third time the turn
 * ends. Reading a file again after writing it is progress, so every write starts a new round.
 */
export class RepeatGuard {
  private readonly seen = new Map<string, number>();
  private round = 0;
  /** Set once a call repeated past the limit; the loop stops on it. */
  stoppedOn: string | null = null;

  constructor(private readonly maxRepeats = 2) {}

  /** Counts the call; answers how many times it was made before in this round. */
  check(tool: string, input: unknown): number {
    const key = `${this.round}\0${tool}\0${stableJson(input)}`;
    const before = this.seen.get(key) ?? 0;
    this.seen.set(key, before + 1);
    if (before >= this.maxRepeats && !this.stoppedOn) this.stoppedOn = tool;
    return before;
  }

  /** The project changed: the same read may now answer something new. */
  progressed(): void {
    this.round += 1;
  }
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}
