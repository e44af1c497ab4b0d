import { describe, expect, it } from 'vitest';
import { deployLink, linkedRepositoryOf } from './deploy-links';

describe('deploy links', () => {
  it('builds each platform’s import page for the linked repository', () => {
    const repository = { owner: 'octocat', repo: 'hello-kiln' };
    expect(deployLink('vercel', repository)).toBe(
      'https://vercel.com/new/clone?repository-url=https%3A%2F%2Fgithub.com%2Foctocat%2Fhello-kiln',
    );
    expect(deployLink('netlify', repository)).toBe(
      'https://app.netlify.com/start/deploy?repository=https%3A%2F%2Fgithub.com%2Foctocat%2Fhello-kiln',
    );
    expect(deployLink('railway', repository)).toBe(
      'https://railway.com/new/github?repo=octocat%2Fhello-kiln',
    );
  });

  it('reads the link in either spelling, and none without both parts', () => {
    expect(linkedRepositoryOf({ githubOwner: 'o', githubRepo: 'r' })).toEqual({
      owner: 'o',
      repo: 'r',
    });
    expect(linkedRepositoryOf({ github_owner: 'o', githubRepo: 'r' })).toEqual({
      owner: 'o',
      repo: 'r',
    });
    expect(linkedRepositoryOf({ githubOwner: 'o', githubRepo: null })).toBeNull();
    expect(linkedRepositoryOf(undefined)).toBeNull();
  });
});
