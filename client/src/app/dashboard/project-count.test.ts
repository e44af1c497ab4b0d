import { describe, expect, it } from 'vitest';
import { projectCountLabel } from './project-count';

describe('projectCountLabel', () => {
  it('counts every project when nothing is filtered', () => {
    expect(projectCountLabel({ total: 1, shown: 1, starredOnly: false, searching: false })).toBe(
      '1 project',
    );
    expect(projectCountLabel({ total: 3, shown: 3, starredOnly: false, searching: false })).toBe(
      '3 projects',
    );
  });

  it('counts the starred projects shown, out of all of them', () => {
    expect(projectCountLabel({ total: 3, shown: 1, starredOnly: true, searching: false })).toBe(
      '1 starred of 3 projects',
    );
    expect(projectCountLabel({ total: 1, shown: 0, starredOnly: true, searching: false })).toBe(
      '0 starred of 1 project',
    );
  });

  it('counts what a search shows, with or without the starred filter', () => {
    expect(projectCountLabel({ total: 4, shown: 2, starredOnly: false, searching: true })).toBe(
      'Showing 2 of 4 projects',
    );
    expect(projectCountLabel({ total: 4, shown: 1, starredOnly: true, searching: true })).toBe(
      'Showing 1 of 4 projects',
    );
  });
});
