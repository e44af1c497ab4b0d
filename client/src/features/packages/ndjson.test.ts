import { describe, expect, it } from 'vitest';
import { readNdjson } from './ndjson';

function streamOf(chunks: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) {
        controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      }
      controller.close();
    },
  });
}

async function all(stream: ReadableStream<Uint8Array>): Promise<unknown[]> {
  const values: unknown[] = [];
  for await (const value of readNdjson(stream)) values.push(value);
  return values;
}

describe('readNdjson', () => {
  it('reads one value per line, lines split across chunks', async () => {
    const values = await all(
      streamOf(['{"type":"out', 'put","data":"a"}\n{"type":"done",', '"ok":true}\n']),
    );
    expect(values).toEqual([
      { type: 'output', data: 'a' },
      { type: 'done', ok: true },
    ]);
  });

  it('reads a last line without its newline, and skips blank lines', async () => {
    expect(await all(streamOf(['1\n\n  \n', '2']))).toEqual([1, 2]);
    expect(await all(streamOf([]))).toEqual([]);
  });

  it('joins a character split between chunks', async () => {
    const bytes = new TextEncoder().encode('{"data":"é"}\n');
    const cut = bytes.indexOf(0xc3) + 1;
    expect(await all(streamOf([bytes.slice(0, cut), bytes.slice(cut)]))).toEqual([{ data: 'é' }]);
  });

  it('throws on a line that is not JSON', async () => {
    await expect(all(streamOf(['<html>Bad gateway</html>\n']))).rejects.toThrow(SyntaxError);
  });
});
