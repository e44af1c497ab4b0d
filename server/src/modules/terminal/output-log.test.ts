import { describe, expect, it } from 'vitest';
import { OutputLog } from './output-log';

const text = (bytes: Buffer) => bytes.toString('latin1');

describe('OutputLog', () => {
  it('gives back what was printed after the bytes a tab holds', () => {
    const log = new OutputLog(100);
    log.append(Buffer.from('hello '));
    log.append(Buffer.from('world'));
    expect(log.written).toBe(11);
    expect(text(log.since(0).bytes)).toBe('hello world');
    expect(text(log.since(3).bytes)).toBe('lo world');
    expect(log.since(11)).toEqual({ bytes: Buffer.alloc(0), lostBytes: 0 });
    expect(log.since(500)).toEqual({ bytes: Buffer.alloc(0), lostBytes: 0 });
  });

  it('keeps about its capacity and says how much of what a tab missed is gone', () => {
    const log = new OutputLog(10);
    for (const chunk of ['aaaa', 'bbbb', 'cccc', 'dddd']) log.append(Buffer.from(chunk));
    // 16 printed; the oldest whole chunk past the capacity went.
    const { bytes, lostBytes } = log.since(0);
    expect(text(bytes)).toBe('bbbbccccdddd');
    expect(lostBytes).toBe(4);
    expect(log.since(6)).toEqual({ bytes: Buffer.from('bbccccdddd'), lostBytes: 0 });
  });

  it('keeps the tail of a chunk larger than the whole log', () => {
    const log = new OutputLog(4);
    log.append(Buffer.from('ab'));
    log.append(Buffer.from('0123456789'));
    expect(log.written).toBe(12);
    expect(log.since(1)).toEqual({ bytes: Buffer.from('6789'), lostBytes: 7 });
    log.append(Buffer.from('x'));
    expect(text(log.since(0).bytes)).toBe('6789x');
  });
});
