import type { ExecuteResult } from '@kiln/shared';
import { describe, expect, it } from 'vitest';
import type { InstallEntry } from './install-output';
import { appendInstallOutput, INSTALL_OUTPUT_KEPT, installSummary } from './install-output';
import { entryLines, latestOffer, outputSummary, outputText } from './output-entries';
import type { RunEntry } from './run-output';

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

const missing = done({
  error: "Cannot find package 'left-pad'\nHint: 'left-pad' is listed in package.json...",
  exitCode: 1,
  missingPackage: { name: 'left-pad', ecosystem: 'npm', manifest: 'package.json', listed: true },
});

function installed(ok: boolean, message: string, output = 'added 1 package\n'): InstallEntry {
  return {
    id: 2,
    kind: 'install',
    status: 'done',
    output,
    outcome: { type: 'done', ok, message, durationMs: 1500 },
  };
}

describe('outputText', () => {
  it('copies every run as plain text, a prompt line before each', () => {
    const failed: RunEntry = { id: 2, filePath: 'b.rb', status: 'failed', message: 'Unsupported' };
    expect(outputText([done({ output: 'hi\n' }), failed])).toBe(
      [
        '$ src/index.js (JavaScript, bubblewrap)',
        'hi',
        'Exited with code 0 in 42 ms',
        '',
        '$ b.rb',
        'Error: Unsupported',
      ].join('\n'),
    );
  });

  it('copies an install with its output and outcome', () => {
    expect(outputText([installed(true, 'Installed npm packages')])).toBe(
      ['$ Install packages', 'added 1 package', 'Installed npm packages (1.5 s)'].join('\n'),
    );
  });

  it('is empty with no runs', () => {
    expect(outputText([])).toBe('');
  });
});

describe('install entries', () => {
  it('read as running, then as the server words the outcome', () => {
    const running: InstallEntry = { id: 3, kind: 'install', status: 'running', output: '' };
    expect(entryLines(running)).toEqual([{ kind: 'status', text: 'Installing...' }]);
    expect(outputSummary(running)).toBe('Installing packages...');

    const failed = installed(false, "The package 'nope' does not exist in the registry", '');
    expect(entryLines(failed)).toEqual([
      { kind: 'error', text: "Error: The package 'nope' does not exist in the registry (1.5 s)" },
    ]);
    expect(installSummary(failed)).toBe(
      "Install failed: The package 'nope' does not exist in the registry",
    );
    expect(outputSummary(installed(true, 'Installed'))).toBe('Packages installed in 1.5 s');
  });

  it('say why when the call was refused', () => {
    const refused: InstallEntry = {
      id: 4,
      kind: 'install',
      status: 'failed',
      output: '',
      message: 'An install is already running for this project.',
    };
    expect(entryLines(refused)).toEqual([
      { kind: 'error', text: 'Error: An install is already running for this project.' },
    ]);
  });

  it('keep the end of a very long output', () => {
    const long = appendInstallOutput('a'.repeat(INSTALL_OUTPUT_KEPT), 'the end');
    expect(long).toHaveLength(INSTALL_OUTPUT_KEPT);
    expect(long.endsWith('the end')).toBe(true);
  });
});

describe('latestOffer', () => {
  it('offers an install after a run that missed a package, and only for the latest entry', () => {
    expect(latestOffer([missing])).toBe('install');
    expect(latestOffer([missing, done({ output: 'ok\n' })])).toBeNull();
    expect(latestOffer([])).toBeNull();
  });

  it('offers running again after an install that worked, another try after one that failed', () => {
    expect(latestOffer([missing, installed(true, 'Installed')])).toBe('run-again');
    expect(latestOffer([missing, installed(false, 'Registry unreachable')])).toBe('install');
  });

  it('offers nothing while something is in flight', () => {
    expect(latestOffer([missing, { id: 5, kind: 'install', status: 'running', output: '' }])).toBe(
      null,
    );
    expect(latestOffer([{ id: 6, filePath: 'a.js', status: 'running' }])).toBeNull();
  });
});
