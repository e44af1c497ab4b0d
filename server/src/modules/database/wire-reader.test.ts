import { describe, expect, it } from 'vitest';
import { createResultCollector } from './result-collector';
import { createWireReader } from './wire-reader';

const encoder = new TextEncoder();

/** One backend message: a type byte, its length (counting itself) and the body. */
function message(type: string, ...parts: Uint8Array[]): Uint8Array {
  const bodyLength = parts.reduce((sum, part) => sum + part.length, 0);
  const out = new Uint8Array(5 + bodyLength);
  const view = new DataView(out.buffer);
  out[0] = type.charCodeAt(0);
  view.setInt32(1, 4 + bodyLength);
  let at = 5;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
const cstring = (text: string) => encoder.encode(`${text}\0`);
function int(value: number, bytes: 2 | 4): Uint8Array {
  const out = new Uint8Array(bytes);
  const view = new DataView(out.buffer);
  if (bytes === 2) view.setInt16(0, value);
  else view.setInt32(0, value);
  return out;
}
const rowDescription = (...fields: Array<[string, number]>) =>
  message(
    'T',
    int(fields.length, 2),
    ...fields.flatMap(([name, type]) => [
      cstring(name),
      int(0, 4),
      int(0, 2),
      int(type, 4),
      int(-1, 2),
      int(-1, 4),
      int(0, 2),
    ]),
  );
const dataRow = (...values: Array<string | null>) =>
  message(
    'D',
    int(values.length, 2),
    ...values.flatMap((value) =>
      value === null ? [int(-1, 4)] : [int(encoder.encode(value).length, 4), encoder.encode(value)],
    ),
  );
const complete = (tag: string) => message('C', cstring(tag));
const ready = (status: string) => message('Z', encoder.encode(status));
const problem = (type: 'E' | 'N', fields: Record<string, string>) =>
  message(
    type,
    ...Object.entries(fields).map(([code, value]) => cstring(`${code}${value}`)),
    new Uint8Array([0]),
  );

function joined(messages: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(messages.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of messages) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Feeds the stream in chunks of `size` bytes, each a reused buffer as PGlite may hand out. */
function read(
  stream: Uint8Array,
  size: number,
  limits = { maxRows: 1000, maxResultBytes: 1 << 20 },
) {
  const collector = createResultCollector({ ...limits, maxNotices: 5 }, 'select 1');
  const feed = createWireReader(collector);
  const scratch = new Uint8Array(size);
  for (let at = 0; at < stream.length; at += size) {
    const piece = stream.subarray(at, at + size);
    scratch.set(piece);
    feed(scratch.subarray(0, piece.length));
    scratch.fill(0xff);
  }
  return collector;
}

describe('reading PostgreSQL messages from a stream', () => {
  const stream = joined([
    problem('N', { S: 'NOTICE', V: 'NOTICE', M: 'hello' }),
    rowDescription(['id', 23], ['name', 25], ['ok', 16], ['data', 3802]),
    dataRow('1', 'ada', 't', '{"x":[1,2]}'),
    dataRow('2', null, 'f', null),
    complete('SELECT 2'),
    ready('T'),
  ]);

  it.each([1, 3, 7, 64, 4096])('gives the same result whatever the chunk size (%i)', (size) => {
    const collector = read(stream, size);
    expect(collector.transactionStatus()).toBe('T');
    expect(collector.finish()).toEqual({
      columns: [
        { name: 'id', dataTypeId: 23 },
        { name: 'name', dataTypeId: 25 },
        { name: 'ok', dataTypeId: 16 },
        { name: 'data', dataTypeId: 3802 },
      ],
      rows: [
        [1, 'ada', true, { x: [1, 2] }],
        [2, null, false, null],
      ],
      command: 'SELECT',
      rowCount: 2,
      truncated: false,
      statements: [{ command: 'SELECT', rowCount: 2 }],
      error: null,
      notices: ['NOTICE: hello'],
    });
  });

  it('skips rows past the limits, however large, and keeps reading after them', () => {
    const big = 'z'.repeat(50_000);
    const rows = [dataRow('a'), dataRow(big), dataRow('b'), dataRow(big), dataRow('c')];
    const tail = [complete('SELECT 5'), complete('INSERT 0 3'), ready('I')];
    for (const size of [5, 1000, 1 << 20]) {
      const collector = read(joined([rowDescription(['v', 25]), ...rows, ...tail]), size, {
        maxRows: 10,
        maxResultBytes: 1000,
      });
      const result = collector.finish();
      expect(result.statements).toEqual([
        { command: 'SELECT', rowCount: 5 },
        { command: 'INSERT', rowCount: 3 },
      ]);
      // The last statement is the INSERT; the SELECT before it was cut after its first row.
      expect(result).toMatchObject({ command: 'INSERT', rows: [], truncated: false });
    }
    const select = read(joined([rowDescription(['v', 25]), ...rows, complete('SELECT 5')]), 7, {
      maxRows: 10,
      maxResultBytes: 1000,
    }).finish();
    expect(select).toMatchObject({ rows: [['a']], truncated: true, rowCount: 5 });
  });

  it('stops at the row limit', () => {
    const rows = Array.from({ length: 5 }, (_, n) => dataRow(String(n)));
    const result = read(joined([rowDescription(['n', 20]), ...rows, complete('SELECT 5')]), 9, {
      maxRows: 3,
      maxResultBytes: 1 << 20,
    }).finish();
    expect(result).toMatchObject({ rows: [[0], [1], [2]], truncated: true, rowCount: 5 });
  });

  it('reports an error with its place, detail and hint', () => {
    const collector = createResultCollector(
      { maxRows: 1, maxResultBytes: 1, maxNotices: 1 },
      'select 1;\n  selec',
    );
    createWireReader(collector)(
      joined([
        problem('E', { S: 'ERROR', M: 'syntax error', P: '13', D: 'more', H: 'try again' }),
        ready('I'),
      ]),
    );
    expect(collector.finish().error).toBe(
      'syntax error (line 2, column 3)\nDETAIL: more\nHINT: try again',
    );
  });
});

describe('turning values into JSON', () => {
  it('keeps what JSON cannot hold exactly as text', () => {
    const collector = createResultCollector(
      { maxRows: 10, maxResultBytes: 1 << 20, maxNotices: 0 },
      '',
    );
    collector.describe([
      { name: 'big', dataTypeId: 20 },
      { name: 'small', dataTypeId: 20 },
      { name: 'nan', dataTypeId: 701 },
      { name: 'price', dataTypeId: 1700 },
      { name: 'broken', dataTypeId: 114 },
      { name: '__proto__', dataTypeId: 25 },
    ]);
    collector.row(['9007199254740993', '42', 'NaN', '1.10', '{', 'x']);
    collector.complete('SELECT 1');
    const result = collector.finish();
    expect(result.rows).toEqual([['9007199254740993', 42, 'NaN', '1.10', '{', 'x']]);
    expect(result.columns.at(-1)?.name).toBe('__proto__ (2)');
  });
});
