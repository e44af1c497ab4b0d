import { describe, expect, it } from 'vitest';
import { moreFilesLabel, shortSha, visibleFiles } from './history-files';

describe('sync history files', () => {
  it('names the first three files, then +N more', () => {
    const { shown, more } = visibleFiles(['a', 'b', 'c', 'd', 'e']);
    expect(shown).toEqual(['a', 'b', 'c']);
    expect(more).toBe(2);
    expect(moreFilesLabel(more)).toBe('+2 more');
  });

  it('says nothing more when three or fewer changed', () => {
    expect(visibleFiles(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b', 'c'], more: 0 });
    expect(visibleFiles([])).toEqual({ shown: [], more: 0 });
    expect(moreFilesLabel(0)).toBeNull();
  });

  it('shortens a commit to 7 characters', () => {
    expect(shortSha('0123456789abcdef0123456789abcdef01234567')).toBe('0123456');
  });
});
