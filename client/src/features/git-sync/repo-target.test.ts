import { describe, expect, it } from 'vitest';
import { namesAddress, repoTargetOf } from './repo-target';

describe('repoTargetOf', () => {
  it('takes owner, repository and branch as typed, trimmed', () => {
    expect(repoTargetOf({ owner: ' octo ', repo: 'site ', branch: ' dev' })).toEqual({
      target: { owner: 'octo', repo: 'site', branch: 'dev' },
    });
  });

  it('leaves a blank branch to the server', () => {
    expect(repoTargetOf({ owner: 'octo', repo: 'site', branch: '  ' })).toEqual({
      target: { owner: 'octo', repo: 'site' },
    });
  });

  it('reads owner/repo typed into the repository field, subgroups included', () => {
    expect(repoTargetOf({ owner: '', repo: 'group/sub/app', branch: '' })).toEqual({
      target: { owner: 'group/sub', repo: 'app' },
    });
  });

  it('sends a whole address as a url, with no owner needed', () => {
    const fields = { owner: 'ignored', repo: 'https://github.com/octo/site.git', branch: 'main' };
    expect(namesAddress(fields)).toBe(true);
    expect(repoTargetOf(fields)).toEqual({
      target: { url: 'https://github.com/octo/site.git', branch: 'main' },
    });
  });

  it('says what is missing', () => {
    expect(repoTargetOf({ owner: '', repo: 'site', branch: '' }).error).toMatch(/owner/);
    expect(repoTargetOf({ owner: 'octo', repo: '', branch: '' }).error).toMatch(/repository/);
    expect(repoTargetOf({ owner: '', repo: 'https://github.com/octo', branch: '' }).error).toMatch(
      /https:\/\/github\.com\/owner\/repo/,
    );
  });
});
