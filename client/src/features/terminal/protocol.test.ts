import { describe, expect, it } from 'vitest';
import { clampSize, parseServerMessage, resizeMessage, terminalSocketUrl } from './protocol';

describe('parseServerMessage', () => {
  it('reads each control message the server sends', () => {
    expect(parseServerMessage('{"type":"ready","shell":"s","resumeSeconds":1}')).toEqual({
      type: 'ready',
      shell: 's',
      resumeSeconds: 1,
    });
    expect(parseServerMessage('{"type":"files-changed","paths":["a.txt","src/b.js"]}')).toEqual({
      type: 'files-changed',
      paths: ['a.txt', 'src/b.js'],
    });
    expect(parseServerMessage('{"type":"exit","code":130}')).toEqual({ type: 'exit', code: 130 });
    expect(
      parseServerMessage('{"type":"closed","reason":"idle","message":"Closed after 15 minutes"}'),
    ).toEqual({ type: 'closed', reason: 'idle', message: 'Closed after 15 minutes' });
    expect(parseServerMessage('{"type":"error","message":"No sandbox"}')).toEqual({
      type: 'error',
      message: 'No sandbox',
    });
  });

  it('ignores text that is not one of its messages', () => {
    expect(parseServerMessage('not json')).toBeNull();
    expect(parseServerMessage('{"type":"hello"}')).toBeNull();
    expect(parseServerMessage('{"type":"exit"}')).toBeNull();
    expect(parseServerMessage('[1,2]')).toBeNull();
  });
});

describe('sizes', () => {
  it('are whole cells within what the server accepts', () => {
    expect(clampSize({ cols: 80.7, rows: 24.2 })).toEqual({ cols: 80, rows: 24 });
    expect(clampSize({ cols: 0, rows: -3 })).toEqual({ cols: 2, rows: 1 });
    expect(clampSize({ cols: 10_000, rows: 10_000 })).toEqual({ cols: 500, rows: 200 });
    expect(clampSize({ cols: Number.NaN, rows: Number.POSITIVE_INFINITY })).toEqual({
      cols: 2,
      rows: 1,
    });
  });

  it('travel as a resize message', () => {
    expect(resizeMessage({ cols: 120, rows: 30 })).toEqual({ type: 'resize', cols: 120, rows: 30 });
  });
});

describe('terminalSocketUrl', () => {
  it('is on the page’s own origin, ws or wss as the page', () => {
    expect(
      terminalSocketUrl({ protocol: 'http:', host: '127.0.0.1:5180' }, 'p1', {
        cols: 80,
        rows: 24,
      }),
    ).toBe('ws://127.0.0.1:5180/api/terminal/p1?cols=80&rows=24');
    expect(
      terminalSocketUrl({ protocol: 'https:', host: 'kiln.example' }, 'a/b', { cols: 1, rows: 1 }),
    ).toBe('wss://kiln.example/api/terminal/a%2Fb?cols=2&rows=1');
  });
});
