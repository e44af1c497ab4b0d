import { StringDecoder } from 'node:string_decoder';

const TAIL_CHARACTERS = 8 * 1024;

/**
 * Collects a run's standard output and error under one byte budget (EXEC_LIMITS.outputBytes).
 * Past the budget bytes are counted but dropped; past `floodBytes` the caller is told to stop
 * the run, so a `while (true) print()` does not burn its whole time limit.
 */
export class OutputBuffer {
  private readonly streams = {
    stdout: { text: '', decoder: new StringDecoder('utf8') },
    stderr: { text: '', decoder: new StringDecoder('utf8') },
  };
  private kept = 0;
  private seen = 0;
  private errorTail = '';

  constructor(
    private readonly budgetBytes: number,
    private readonly floodBytes: number,
    private readonly onFlood: () => void,
  ) {}

  get truncated(): boolean {
    return this.seen > this.kept;
  }

  get flooded(): boolean {
    return this.seen > this.floodBytes;
  }

  write(stream: 'stdout' | 'stderr', chunk: Buffer | string): void {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    if (stream === 'stderr') {
      this.errorTail = (this.errorTail + bytes.toString('utf8')).slice(-TAIL_CHARACTERS);
    }
    const wasFlooded = this.flooded;
    this.seen += bytes.length;
    const room = this.budgetBytes - this.kept;
    if (room > 0) {
      const keep = bytes.length <= room ? bytes : bytes.subarray(0, room);
      this.kept += keep.length;
      this.streams[stream].text += this.streams[stream].decoder.write(keep);
    }
    if (!wasFlooded && this.flooded) this.onFlood();
  }

  /**
   * The end of standard error, kept past the budget: how a program died (out of memory, say)
   * is written last, often after its output filled the budget.
   */
  get stderrTail(): string {
    return this.errorTail;
  }

  /** The text kept so far; a character cut at the budget ends as U+FFFD. */
  text(stream: 'stdout' | 'stderr'): string {
    const state = this.streams[stream];
    state.text += state.decoder.end();
    return state.text;
  }
}
