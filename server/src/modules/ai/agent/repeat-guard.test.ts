import { describe, expect, it } from 'vitest';
import { RepeatGuard } from './repeat-guard';

describe('the repeat guard', () => {
  it('counts the same call with the same arguments, whatever their key order', () => {
    const guard = new RepeatGuard();
    expect(guard.check('read_file', { path: 'a', startLine: 1 })).toBe(0);
    expect(guard.check('read_file', { startLine: 1, path: 'a' })).toBe(1);
    expect(guard.stoppedOn).toBeNull();
    expect(guard.check('read_file', { path: 'a', startLine: 1 })).toBe(2);
    expect(guard.stoppedOn).toBe('read_file');
  });

  it('lets a call be made again once the project changed', () => {
    const guard = new RepeatGuard();
    guard.check('read_file', { path: 'a' });
    guard.progressed();
    expect(guard.check('read_file', { path: 'a' })).toBe(0);
    expect(guard.check('read_file', { path: 'b' })).toBe(0);
  });
});
