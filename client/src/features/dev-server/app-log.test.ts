import { describe, expect, it } from 'vitest';
import { APP_LOG_CHARS, appendAppLog } from './app-log';

describe('appendAppLog', () => {
  it('appends output without terminal colours', () => {
    expect(appendAppLog('one\n', '\x1b[32mtwo\x1b[0m\n')).toBe('one\ntwo\n');
  });

  it('keeps the end of a long log, cut at a line', () => {
    const line = `${'x'.repeat(99)}\n`;
    let log = '';
    for (let index = 0; index < (APP_LOG_CHARS / line.length) * 2; index += 1) {
      log = appendAppLog(log, line);
    }
    expect(log.length).toBeLessThanOrEqual(APP_LOG_CHARS);
    expect(log.startsWith('x')).toBe(true);
    expect(log.endsWith('\n')).toBe(true);
  });
});
