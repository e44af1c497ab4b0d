import { describe, expect, it } from 'vitest';
import { parseInstallEvent, plainInstallText } from './install-events';

describe('parseInstallEvent', () => {
  it('reads output and the final outcome', () => {
    expect(parseInstallEvent({ type: 'output', data: 'added 1 package' })).toEqual({
      type: 'output',
      data: 'added 1 package',
    });
    expect(
      parseInstallEvent({ type: 'done', ok: false, message: 'No manifest', durationMs: 12 }),
    ).toEqual({ type: 'done', ok: false, message: 'No manifest', durationMs: 12 });
  });

  it('skips what it does not know', () => {
    expect(parseInstallEvent({ type: 'progress', percent: 50 })).toBeNull();
    expect(parseInstallEvent({ type: 'done', ok: 'yes' })).toBeNull();
    expect(parseInstallEvent(null)).toBeNull();
  });
});

describe('plainInstallText', () => {
  it('drops colour and cursor escapes', () => {
    expect(plainInstallText('\u001b[1m\u001b[32madded\u001b[0m 1 package\n')).toBe(
      'added 1 package\n',
    );
    expect(plainInstallText('\u001b]0;npm install\u0007done')).toBe('done');
  });

  it('keeps the final state of a progress line redrawn with carriage returns', () => {
    expect(plainInstallText('10%\r50%\r100%\nnext\r\n')).toBe('100%\nnext\n');
  });
});
