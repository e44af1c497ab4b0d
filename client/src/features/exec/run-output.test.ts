import type { ExecuteResult } from '@kiln/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import {
  formatDuration,
  offersInstall,
  RUN_FAILED,
  runAvailability,
  runFailureMessage,
  runHeading,
  runLines,
  runnableKinds,
  runSummary,
  type RunEntry,
} from './run-output';

function done(result: Partial<ExecuteResult> = {}, filePath = 'src/index.js'): RunEntry {
  return {
    id: 1,
    filePath,
    status: 'done',
    result: {
      output: '',
      error: null,
      exitCode: 0,
      durationMs: 42,
      truncated: false,
      limit: null,
      language: 'javascript',
      backend: 'bubblewrap',
      ...result,
    },
  };
}

describe('formatDuration', () => {
  it.each([
    [0, '0 ms'],
    [42, '42 ms'],
    [999, '999 ms'],
    [1000, '1 s'],
    [1549, '1.5 s'],
    [10_000, '10 s'],
  ])('%i ms reads %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});

describe('runLines (spec editor 8)', () => {
  it('shows what the program printed, then how it exited', () => {
    expect(runLines(done({ output: 'Hello, world!\nsecond line\n' }))).toEqual([
      { kind: 'stdout', text: 'Hello, world!\nsecond line' },
      { kind: 'status', text: 'Exited with code 0 in 42 ms' },
    ]);
  });

  it('shows the answer’s error field as Error: {error}', () => {
    expect(
      runLines(
        done({ output: 'before\n', error: 'ReferenceError: x is not defined\n', exitCode: 1 }),
      ),
    ).toEqual([
      { kind: 'stdout', text: 'before' },
      { kind: 'error', text: 'Error: ReferenceError: x is not defined' },
      { kind: 'status', text: 'Exited with code 1 in 42 ms' },
    ]);
  });

  it('sets the server’s advice on a missing package apart from the error', () => {
    const error =
      "Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'express'\n" +
      "Hint: 'express' is listed in package.json, but packages are not installed for runs.";
    expect(runLines(done({ error, exitCode: 1 }))).toEqual([
      { kind: 'error', text: "Error: Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'express'" },
      {
        kind: 'notice',
        text: "Hint: 'express' is listed in package.json, but packages are not installed for runs.",
      },
      { kind: 'status', text: 'Exited with code 1 in 42 ms' },
    ]);
  });

  it('keeps blank lines the program printed, other than the last newline', () => {
    expect(runLines(done({ output: 'a\n\nb\n\n' }))[0]).toEqual({
      kind: 'stdout',
      text: 'a\n\nb\n',
    });
  });

  it('shows only the exit line for a quiet run', () => {
    expect(runLines(done({ durationMs: 1500 }))).toEqual([
      { kind: 'status', text: 'Exited with code 0 in 1.5 s' },
    ]);
  });

  it.each([
    ['time', 'Stopped by the time limit after 10 s'],
    ['cpu', 'Stopped by the CPU time limit after 10 s'],
    ['memory', 'Stopped by the memory limit after 10 s'],
    ['output', 'Stopped by the output limit after 10 s'],
  ] as const)('ends with a notice naming the %s limit that stopped the run', (limit, text) => {
    // The server's error field says what the limit was; the last line names it.
    const error = 'Time limit exceeded: the program was stopped after 10 s.';
    const lines = runLines(done({ limit, error, exitCode: null, durationMs: 10_004 }));
    expect(lines).toEqual([
      { kind: 'error', text: `Error: ${error}` },
      { kind: 'notice', text },
    ]);
  });

  it('keeps the server’s truncation notice in the output and marks the exit line', () => {
    const output = 'x'.repeat(10) + '\n[Output truncated: only the first 64 KB is shown]\n';
    expect(runLines(done({ output, truncated: true }))).toEqual([
      { kind: 'stdout', text: output.trimEnd() },
      { kind: 'notice', text: 'Exited with code 0 in 42 ms' },
    ]);
  });

  it('says Stopped when a run ended with no exit code and no limit', () => {
    expect(runLines(done({ exitCode: null, durationMs: 300 })).at(-1)).toEqual({
      kind: 'status',
      text: 'Stopped after 300 ms',
    });
  });

  it('shows a failed call as Error: {message}', () => {
    const failed: RunEntry = { id: 2, filePath: 'a.js', status: 'failed', message: RUN_FAILED };
    expect(runLines(failed)).toEqual([{ kind: 'error', text: 'Error: Failed to execute code' }]);
  });

  it('shows a run in flight as running', () => {
    expect(runLines({ id: 3, filePath: 'a.py', status: 'running' })).toEqual([
      { kind: 'status', text: 'Running...' },
    ]);
  });
});

describe('runHeading', () => {
  it('names the file, its language and, once answered, the sandbox', () => {
    expect(runHeading({ id: 1, filePath: 'main.py', status: 'running' })).toEqual({
      file: 'main.py',
      details: ['Python'],
    });
    expect(runHeading(done({ language: 'typescript', backend: 'quickjs' }, 'a.ts'))).toEqual({
      file: 'a.ts',
      details: ['TypeScript', 'quickjs'],
    });
  });

  it('names no language for a file that cannot run', () => {
    expect(
      runHeading({ id: 1, filePath: 'README.md', status: 'failed', message: 'nope' }).details,
    ).toEqual([]);
  });
});

describe('runSummary', () => {
  it('reads the state of the latest run in one line', () => {
    expect(runSummary(undefined)).toBe('No runs yet');
    expect(runSummary({ id: 1, filePath: 'src/app.py', status: 'running' })).toBe(
      'Running app.py...',
    );
    expect(runSummary(done())).toBe('index.js: exited with code 0 in 42 ms');
    expect(runSummary(done({ limit: 'memory', exitCode: null }))).toBe(
      'index.js: stopped by the memory limit after 42 ms',
    );
    expect(runSummary({ id: 1, filePath: 'a.js', status: 'failed', message: RUN_FAILED })).toBe(
      'a.js: Failed to execute code',
    );
    expect(
      runSummary({ id: 1, filePath: 'doc/a.md', status: 'failed', message: 'a.md cannot run' }),
    ).toBe('a.md cannot run');
  });
});

describe('offersInstall', () => {
  const result = (fields: Partial<ExecuteResult>): ExecuteResult => ({
    output: '',
    error: "Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'express'",
    exitCode: 1,
    durationMs: 42,
    truncated: false,
    limit: null,
    language: 'javascript',
    backend: 'bubblewrap',
    ...fields,
  });
  const express = { name: 'express', ecosystem: 'npm', manifest: 'package.json' } as const;

  it('offers an install when the missing package is listed in the manifest', () => {
    expect(offersInstall(result({ missingPackage: { ...express, listed: true } }))).toBe(true);
  });

  it('offers none when the manifest does not list it, or nothing is missing', () => {
    // Installing the manifest's packages would not bring it.
    expect(offersInstall(result({ missingPackage: { ...express, listed: false } }))).toBe(false);
    expect(offersInstall(result({ missingPackage: null }))).toBe(false);
    // An older server says nothing about it.
    expect(offersInstall(result({}))).toBe(false);
  });
});

describe('runFailureMessage (spec editor 8)', () => {
  it('shows the server’s error field', async () => {
    const body = JSON.stringify({
      error: 'Kiln runs Python (.py) files',
      code: 'VALIDATION_FAILED',
    });
    expect(runFailureMessage(await ApiError.fromBody(400, 'Bad Request', body))).toBe(
      'Kiln runs Python (.py) files',
    );
    const busy = JSON.stringify({ error: 'Too many runs', code: 'RATE_LIMITED' });
    expect(runFailureMessage(await ApiError.fromBody(429, '', busy))).toBe('Too many runs');
  });

  it('falls back to Failed to execute code when the call itself failed', async () => {
    expect(runFailureMessage(new TypeError('Failed to fetch'))).toBe(RUN_FAILED);
    expect(runFailureMessage(await ApiError.fromBody(502, '', '<html>Bad gateway</html>'))).toBe(
      RUN_FAILED,
    );
    expect(runFailureMessage(await ApiError.fromBody(500, '', 'Internal Server Error'))).toBe(
      RUN_FAILED,
    );
    expect(runFailureMessage('nothing useful')).toBe(RUN_FAILED);
  });
});

describe('runAvailability', () => {
  const keys = { runShortcut: 'Ctrl+Enter', previewShortcut: 'Ctrl+Shift+P', canPreview: true };

  it('offers Run for the files Kiln runs, naming the file and its key', () => {
    expect(runAvailability('src/main.py', keys)).toEqual({
      runnable: true,
      reason: 'Run main.py (Ctrl+Enter)',
    });
    for (const path of ['a.js', 'a.mjs', 'a.cjs', 'a.ts', 'a.mts', 'a.cts', 'A.PY']) {
      expect(runAvailability(path, keys).runnable).toBe(true);
    }
  });

  it('points a page, and the stylesheet of one, at the Preview tab', () => {
    expect(runAvailability('site/index.html', keys)).toEqual({
      runnable: false,
      reason: 'index.html is a web page: open the Preview tab (Ctrl+Shift+P) to see it',
    });
    expect(runAvailability('styles.css', keys)).toEqual({
      runnable: false,
      reason: 'styles.css styles a web page: open the Preview tab (Ctrl+Shift+P) to see it',
    });
    expect(runAvailability('old.htm', { ...keys, previewShortcut: '' }).reason).toBe(
      'old.htm is a web page: open the Preview tab to see it',
    );
  });

  it('says which files Kiln runs for any other file', () => {
    expect(runAvailability('docs/README.md', keys)).toEqual({
      runnable: false,
      reason:
        'README.md cannot be run: Kiln runs JavaScript (.js, .mjs, .cjs), TypeScript (.ts, .mts, .cts) or Python (.py) files',
    });
    // A stylesheet with no page to preview is no different.
    expect(runAvailability('a.css', { ...keys, canPreview: false }).reason).toMatch(
      /^a\.css cannot be run: Kiln runs JavaScript/,
    );
    expect(runAvailability('Makefile', keys).runnable).toBe(false);
  });

  it('asks for a file when none is selected', () => {
    expect(runAvailability(null, keys)).toEqual({
      runnable: false,
      reason: 'Select a file to run',
    });
  });
});

describe('runnableKinds', () => {
  it('names every language and extension the server runs', () => {
    expect(runnableKinds()).toBe(
      'JavaScript (.js, .mjs, .cjs), TypeScript (.ts, .mts, .cts) or Python (.py)',
    );
  });
});
