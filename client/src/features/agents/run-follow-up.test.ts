import type { OrchestrationResult } from '@kiln/shared';
import { describe, expect, it } from 'vitest';
import { followUp, type RunSighting } from './run-follow-up';

const run = (overrides: Partial<OrchestrationResult>): OrchestrationResult => ({
  id: 'run-1',
  projectId: 'p',
  status: 'running',
  userRequest: 'Build a page',
  tasks: [],
  plan: null,
  code: [],
  filesModified: [],
  checkpointId: null,
  review: [],
  tests: [],
  debug: null,
  summary: '',
  error: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  finishedAt: null,
  ...overrides,
});

const edited = [{ path: 'index.html', action: 'modified' as const }];

/** Feeds each look at the run to followUp in turn, as the panel does. */
function follow(looks: OrchestrationResult[], startedHere: boolean) {
  let previous: RunSighting | undefined;
  return looks.map((look) => {
    const outcome = followUp(previous, look, { startedHere });
    previous = outcome.sighting;
    return { refreshFiles: outcome.refreshFiles, notices: outcome.notices.map((n) => n.title) };
  });
}

describe('followUp', () => {
  it('says a run ended by Stop stopped, not that it failed', () => {
    expect(
      follow([run({}), run({ status: 'failed', error: 'Stopped.' })], true).map(
        (look) => look.notices,
      ),
    ).toEqual([[], ['Orchestration stopped']]);
  });

  it('refreshes the files when the developer writes and announces the end once', () => {
    expect(
      follow(
        [
          run({}),
          run({ filesModified: edited }),
          run({ filesModified: edited }),
          run({ status: 'completed', filesModified: edited }),
          run({ status: 'completed', filesModified: edited }),
        ],
        true,
      ),
    ).toEqual([
      { refreshFiles: false, notices: [] },
      { refreshFiles: true, notices: [] },
      { refreshFiles: false, notices: [] },
      { refreshFiles: true, notices: ['Files Updated'] },
      { refreshFiles: false, notices: [] },
    ]);
  });

  it('says how many files changed', () => {
    const { notices } = followUp(
      { status: 'running', changes: '' },
      run({
        status: 'completed',
        filesModified: [...edited, { path: 'app.js', action: 'created' }],
      }),
      { startedHere: true },
    );
    expect(notices).toEqual([
      { title: 'Files Updated', description: 'Modified 2 file(s)', variant: 'success' },
    ]);
  });

  it('announces a failed run with its error, after what it changed, so the failure shows', () => {
    const { notices } = followUp(
      { status: 'running', changes: 'modified:index.html' },
      run({ status: 'failed', filesModified: edited, error: 'The Reviewer did not answer' }),
      { startedHere: true },
    );
    expect(notices.map((notice) => [notice.title, notice.description])).toEqual([
      ['Files Updated', 'Modified 1 file(s)'],
      ['Orchestration failed', 'The Reviewer did not answer'],
    ]);
  });

  it('announces a run started here that ends before its first event', () => {
    expect(follow([run({ status: 'completed', filesModified: edited })], true)).toEqual([
      { refreshFiles: true, notices: ['Files Updated'] },
    ]);
  });

  it('announces nothing for a run found finished, after a reload say', () => {
    expect(follow([run({ status: 'failed', filesModified: edited, error: 'No' })], false)).toEqual([
      { refreshFiles: false, notices: [] },
    ]);
  });

  it('announces a run found going on once it ends', () => {
    expect(
      follow(
        [run({ filesModified: edited }), run({ status: 'completed', filesModified: edited })],
        false,
      ),
    ).toEqual([
      { refreshFiles: false, notices: [] },
      { refreshFiles: true, notices: ['Files Updated'] },
    ]);
  });
});
