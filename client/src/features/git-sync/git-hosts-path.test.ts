import { describe, expect, it } from 'vitest';
import { gitHostsPath, returnToOf } from './git-hosts-path';

describe('the Git hosts page address', () => {
  it('remembers the editor page it was opened from', () => {
    const path = gitHostsPath('/editor/1b2c-3d');
    expect(path).toBe('/settings/git-hosts?returnTo=%2Feditor%2F1b2c-3d');
    expect(returnToOf(new URL(path, 'http://kiln.test').searchParams)).toBe('/editor/1b2c-3d');
  });

  it('never goes back to another site or another kind of page', () => {
    for (const target of [
      '//evil.example',
      'https://evil.example/editor/1',
      '/admin',
      '/editor/../x',
    ]) {
      expect(gitHostsPath(target)).toBe('/settings/git-hosts');
      expect(returnToOf(new URLSearchParams({ returnTo: target }))).toBeNull();
    }
  });
});
