import type { RuntimeStatus } from '@kiln/shared';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import {
  missingRuntimeMessage,
  requireRuntime,
  runtimeOfCommand,
  versionAtLeast,
} from './require-runtime';

const runtimes: RuntimeStatus[] = [
  { name: 'node', available: true, version: '20.19.0' },
  { name: 'python', available: false, version: null },
  { name: 'go', available: true, version: '1.19.8' },
];

describe('missingRuntimeMessage', () => {
  it('names the runtime and the package to install when it is missing', () => {
    expect(missingRuntimeMessage({ runtimes, need: { name: 'python' } })).toBe(
      'Python is not installed on this Kiln server: install python3 to run Python files.',
    );
    expect(missingRuntimeMessage({ runtimes: [], need: { name: 'go' } })).toBe(
      'Go is not installed on this Kiln server: install golang-go to run Go files.',
    );
    expect(
      missingRuntimeMessage({ runtimes: [], need: { name: 'bundler' }, purpose: 'this project' }),
    ).toBe(
      'Bundler is not installed on this Kiln server: install ruby-bundler to run this project.',
    );
  });

  it('says which version is too old, and which is needed', () => {
    expect(missingRuntimeMessage({ runtimes, need: { name: 'go', minimum: '1.22' } })).toBe(
      'Go 1.19.8 on this Kiln server is older than the 1.22 needed: install Go 1.22 or newer to run Go files.',
    );
  });

  it('is null when the runtime is there and new enough', () => {
    expect(
      missingRuntimeMessage({ runtimes, need: { name: 'node', minimum: '20.19' } }),
    ).toBeNull();
    expect(missingRuntimeMessage({ runtimes, need: { name: 'go' } })).toBeNull();
  });
});

describe('requireRuntime', () => {
  it('throws RUNTIME_MISSING (503) with the message, and nothing when met', () => {
    let thrown: unknown;
    try {
      requireRuntime({ runtimes, need: { name: 'python' } });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({ code: 'RUNTIME_MISSING', statusCode: 503 });
    expect((thrown as Error).message).toMatch(/^Python is not installed/);
    expect(() => requireRuntime({ runtimes, need: { name: 'node' } })).not.toThrow();
  });
});

describe('versionAtLeast', () => {
  it.each([
    ['1.22.0', '1.22', true],
    ['1.23', '1.22', true],
    ['1.19.8', '1.22', false],
    ['1.100', '1.22', true],
    ['20.19.0', '20.19', true],
    ['20.9.0', '20.19', false],
    ['3', '3.10', false],
  ])('%s against %s: %s', (version, minimum, expected) => {
    expect(versionAtLeast(version, minimum)).toBe(expected);
  });
});

describe('runtimeOfCommand', () => {
  it.each([
    ['npm', 'node'],
    ['/usr/bin/node', 'node'],
    ['python3', 'python'],
    ['python3.12', 'python'],
    ['flask', 'python'],
    ['go', 'go'],
    ['bundle', 'bundler'],
    ['bin/rails', 'ruby'],
    ['php', 'php'],
    ['bun', 'bun'],
    ['bash', null],
  ])('%s needs %s', (program, runtime) => {
    expect(runtimeOfCommand(program)).toBe(runtime);
  });
});
