import { describe, expect, it } from 'vitest';
import { createEventStreamParser } from './sse-parser';

const encoder = new TextEncoder();

/** Feeds the bytes split at the given offsets and collects every event's data. */
function parseSplit(text: string, cuts: number[]): string[] {
  const bytes = encoder.encode(text);
  const parser = createEventStreamParser();
  const events: string[] = [];
  let start = 0;
  for (const cut of [...cuts, bytes.length]) {
    events.push(...parser.push(bytes.slice(start, cut)));
    start = cut;
  }
  events.push(...parser.end());
  return events;
}

describe('createEventStreamParser', () => {
  const stream =
    'data: {"type":"start","model":"Claude Sonnet 4.5"}\n\n' +
    'data: {"type":"text","delta":"Héllo 👋 wörld"}\n\n' +
    ': a comment the server may send to keep the connection open\n\n' +
    'data: {"type":"text","delta":"\\n\\n"}\n\n';
  const expected = [
    '{"type":"start","model":"Claude Sonnet 4.5"}',
    '{"type":"text","delta":"Héllo 👋 wörld"}',
    '{"type":"text","delta":"\\n\\n"}',
  ];

  it('reads whole events from one chunk', () => {
    expect(parseSplit(stream, [])).toEqual(expected);
  });

  it('gives the same events wherever the bytes are split, mid-character included', () => {
    const length = encoder.encode(stream).length;
    for (let cut = 1; cut < length; cut += 1) {
      expect(parseSplit(stream, [cut])).toEqual(expected);
    }
  });

  it('gives the same events one byte at a time', () => {
    const length = encoder.encode(stream).length;
    const everyByte = Array.from({ length: length - 1 }, (_, index) => index + 1);
    expect(parseSplit(stream, everyByte)).toEqual(expected);
  });

  it('takes CRLF and CR line breaks, a CRLF split between chunks included', () => {
    const crlf = 'data: one\r\n\r\ndata: two\r\rdata: three\n\n';
    expect(parseSplit(crlf, [])).toEqual(['one', 'two', 'three']);
    expect(parseSplit(crlf, [10])).toEqual(['one', 'two', 'three']);
    expect(parseSplit(crlf, [10, 11, 12])).toEqual(['one', 'two', 'three']);
  });

  it('joins the data lines of one event and skips other fields', () => {
    expect(
      parseSplit('event: message\nid: 7\ndata: first\ndata:second\nretry: 10\n\n', []),
    ).toEqual(['first\nsecond']);
  });

  it('drops an event the stream cut off before its blank line', () => {
    expect(parseSplit('data: complete\n\ndata: {"type":"te', [])).toEqual(['complete']);
  });

  it('dispatches nothing for blank lines without data', () => {
    expect(parseSplit('\n\n\n: ping\n\n', [3])).toEqual([]);
  });
});
