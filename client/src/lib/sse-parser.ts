/**
 * Turns the bytes of a Server-Sent Events stream into the data of each event, however the
 * network splits them: mid-line, mid-character or between the CR and LF of a line break.
 * Only `data:` fields matter to Kiln (server/src/modules/ai/event-stream.ts writes nothing
 * else); comments and other fields are skipped, and an event cut off by the stream's end is
 * dropped, as the Server-Sent Events format says.
 */
export interface EventStreamParser {
  /** Feeds the next chunk; answers the data of every event it completed. */
  push(chunk: Uint8Array): string[];
  /** The stream ended: answers what the last chunk completed. */
  end(): string[];
}

export function createEventStreamParser(): EventStreamParser {
  const decoder = new TextDecoder();
  let pending = '';
  let dataLines: string[] = [];
  let hasData = false;

  const takeLine = (line: string, events: string[]) => {
    if (line === '') {
      if (hasData) events.push(dataLines.join('\n'));
      dataLines = [];
      hasData = false;
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    if (field !== 'data') return;
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    dataLines.push(value);
    hasData = true;
  };

  const takeLines = (text: string, final: boolean): string[] => {
    pending += text;
    const events: string[] = [];
    let start = 0;
    for (let index = 0; index < pending.length; index += 1) {
      const character = pending[index];
      if (character !== '\n' && character !== '\r') continue;
      // A CR at the very end may be the first half of a CRLF split across chunks.
      if (character === '\r' && index === pending.length - 1 && !final) break;
      takeLine(pending.slice(start, index), events);
      if (character === '\r' && pending[index + 1] === '\n') index += 1;
      start = index + 1;
    }
    pending = pending.slice(start);
    return events;
  };

  return {
    push: (chunk) => takeLines(decoder.decode(chunk, { stream: true }), false),
    end: () => takeLines(decoder.decode(), true),
  };
}
