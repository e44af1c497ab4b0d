import type { Project } from '@kiln/shared';
import { describe, expect, it } from 'vitest';
import { filterProjects } from './project-filters';
import { formatRelativeTime } from './relative-time';

const project = (fields: Partial<Project>): Project => ({
  id: fields.name ?? 'id',
  name: 'Untitled',
  description: '',
  language: 'javascript',
  tags: [],
  starred: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  githubOwner: null,
  githubRepo: null,
  autoSyncEnabled: false,
  github_owner: null,
  github_branch: 'main',
  last_synced_at: null,
  auto_sync_enabled: false,
  sync_interval: 30000,
  ...fields,
});

const list = [
  project({
    name: 'beta',
    language: 'python',
    tags: ['ML'],
    updatedAt: '2026-03-01T00:00:00Z',
    createdAt: '2026-01-02T00:00:00Z',
  }),
  project({
    name: 'Alpha',
    description: 'A Todo app',
    starred: true,
    updatedAt: '2026-02-01T00:00:00Z',
    createdAt: '2026-01-03T00:00:00Z',
  }),
  project({
    name: 'gamma',
    language: 'go',
    updatedAt: '2026-04-01T00:00:00Z',
    createdAt: '2026-01-01T00:00:00Z',
  }),
];
const names = (projects: Project[]) => projects.map((item) => item.name);

describe('filterProjects', () => {
  it('sorts by each of the four orders', () => {
    const base = { search: '', starredOnly: false };
    expect(names(filterProjects(list, { ...base, sort: 'updated' }))).toEqual([
      'gamma',
      'beta',
      'Alpha',
    ]);
    expect(names(filterProjects(list, { ...base, sort: 'created' }))).toEqual([
      'Alpha',
      'beta',
      'gamma',
    ]);
    expect(names(filterProjects(list, { ...base, sort: 'name' }))).toEqual([
      'Alpha',
      'beta',
      'gamma',
    ]);
    expect(names(filterProjects(list, { ...base, sort: 'language' }))).toEqual([
      'gamma',
      'Alpha',
      'beta',
    ]);
  });

  it('searches name, description, language and tags without regard to case', () => {
    const by = (search: string) =>
      names(filterProjects(list, { search, starredOnly: false, sort: 'name' }));
    expect(by('ALPHA')).toEqual(['Alpha']);
    expect(by('todo')).toEqual(['Alpha']);
    expect(by('PyThOn')).toEqual(['beta']);
    expect(by('ml')).toEqual(['beta']);
    expect(by('  ')).toEqual(['Alpha', 'beta', 'gamma']);
    expect(by('nothing')).toEqual([]);
  });

  it('keeps only starred projects when asked', () => {
    expect(names(filterProjects(list, { search: '', starredOnly: true, sort: 'name' }))).toEqual([
      'Alpha',
    ]);
  });

  it('does not reorder the list it was given', () => {
    const before = names(list);
    filterProjects(list, { search: '', starredOnly: false, sort: 'name' });
    expect(names(list)).toEqual(before);
  });
});

describe('formatRelativeTime', () => {
  const now = Date.parse('2026-06-15T12:00:00Z');
  it.each([
    ['2026-06-15T11:59:40Z', 'just now'],
    ['2026-06-15T11:55:00Z', '5 minutes ago'],
    ['2026-06-15T09:00:00Z', '3 hours ago'],
    ['2026-06-14T12:00:00Z', 'yesterday'],
    ['2026-06-01T12:00:00Z', '2 weeks ago'],
    ['2025-06-15T12:00:00Z', 'last year'],
  ])('%s reads "%s"', (iso, text) => {
    expect(formatRelativeTime(iso, now)).toBe(text);
  });
});
