/**
 * The last bytes a shell printed, counted from its start, so a tab that lost its connection can
 * say how much it holds and get the rest. About the newest `capacity` bytes are kept (whole
 * chunks, so up to one chunk more): a shell that floods while nobody watches costs that much
 * memory and no more.
 */
export class OutputLog {
  private chunks: Buffer[] = [];
  private kept = 0;
  /** Bytes printed since the shell started. */
  private total = 0;

  constructor(private readonly capacity: number) {}

  get written(): number {
    return this.total;
  }

  append(chunk: Buffer): void {
    this.total += chunk.length;
    if (chunk.length >= this.capacity) {
      this.chunks = [chunk.subarray(chunk.length - this.capacity)];
      this.kept = this.capacity;
      return;
    }
    this.chunks.push(chunk);
    this.kept += chunk.length;
    while (this.kept - this.chunks[0]!.length >= this.capacity) {
      this.kept -= this.chunks.shift()!.length;
    }
  }

  /**
   * What was printed after the first `received` bytes, and how much of that is no longer kept.
   * A count past what was printed (a tab that cannot know better) gets nothing.
   */
  since(received: number): { bytes: Buffer; lostBytes: number } {
    const start = this.total - this.kept;
    if (received >= this.total) return { bytes: Buffer.alloc(0), lostBytes: 0 };
    const from = Math.max(received, start);
    const kept = Buffer.concat(this.chunks);
    return {
      bytes: kept.subarray(kept.length - (this.total - from)),
      lostBytes: from - received,
    };
  }
}
