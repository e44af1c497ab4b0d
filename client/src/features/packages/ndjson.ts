/**
 * Reads a stream of newline-delimited JSON (one value per line) as its values, in order. A line
 * may arrive split across chunks, and a multi-byte character across two; blank lines are
 * skipped. A line that is not JSON throws: the stream is not what the caller asked for.
 */
export async function* readNdjson(stream: ReadableStream<Uint8Array>): AsyncGenerator<unknown> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffered += done ? decoder.decode() : decoder.decode(value, { stream: true });
      const lines = buffered.split('\n');
      buffered = done ? '' : (lines.pop() ?? '');
      for (const line of lines) {
        if (line.trim()) yield JSON.parse(line) as unknown;
      }
      if (done) return;
    }
  } finally {
    reader.releaseLock();
  }
}
