import { describe, expect, it } from 'vitest';
import { gitLinkOf } from './git-link';

describe('gitLinkOf', () => {
  it('is null until the project names an owner and a repository', () => {
    expect(gitLinkOf(null)).toBeNull();
    expect(gitLinkOf({ githubOwner: null, githubRepo: null, github_owner: null })).toBeNull();
    expect(gitLinkOf({ githubOwner: 'octo', githubRepo: null })).toBeNull();
  });

  it('reads the camelCase fields, and the snake_case ones for the rest', () => {
    expect(
      gitLinkOf({
        githubOwner: 'octo',
        githubRepo: 'site',
        autoSyncEnabled: true,
        github_owner: 'octo',
        github_branch: 'dev',
        last_synced_at: '2026-01-02T03:04:05.000Z',
        auto_sync_enabled: true,
        sync_interval: 60_000,
      }),
    ).toEqual({
      owner: 'octo',
      repo: 'site',
      branch: 'dev',
      lastSyncedAt: '2026-01-02T03:04:05.000Z',
      autoSyncEnabled: true,
      syncInterval: 60_000,
    });
  });

  it('honours the snake_case spelling when the camelCase one is absent', () => {
    expect(
      gitLinkOf({ github_owner: 'octo', githubRepo: 'site', auto_sync_enabled: true }),
    ).toEqual({
      owner: 'octo',
      repo: 'site',
      branch: 'main',
      lastSyncedAt: null,
      autoSyncEnabled: true,
      syncInterval: 30_000,
    });
  });
});
