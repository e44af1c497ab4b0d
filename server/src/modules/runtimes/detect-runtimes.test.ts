import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RUNTIME_NAMES, type RuntimeStatus } from '@kiln/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { debianGoBin } from '../../sandbox/versioned-go';
import { RUNTIMES } from './catalog';
import { detectRuntimes, runtimesOfThisServer, versionIn } from './detect-runtimes';

/** A folder of stand-in programs, so detection is tested without installing anything. */
let stubs: string;

function stub(name: string, script: string, mode = 0o755) {
  fs.writeFileSync(path.join(stubs, name), `#!/bin/sh\n${script}\n`, { mode });
}

const byName = (found: RuntimeStatus[]) => Object.fromEntries(found.map((one) => [one.name, one]));

beforeAll(() => {
  stubs = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-runtime-stubs-'));
  // Go answers `go version`, and refuses --version as the real one does.
  stub('go', '[ "$1" = version ] && echo "go version go1.22.4 linux/amd64" || exit 2');
  stub('python3', 'echo "Python 3.12.1"');
  // Older Java prints to standard error.
  stub('java', 'echo \'openjdk version "17.0.9" 2023-10-17\' >&2');
  stub('php', 'echo "Segmentation fault" >&2; exit 139');
  stub('ruby', 'exec sleep 30');
  stub('bundle', 'echo "Bundler version 2.5.0"', 0o644);
  stub('deno', 'echo "no version here"');
});
afterAll(() => fs.rmSync(stubs, { recursive: true, force: true }));

describe('detectRuntimes', () => {
  it('finds the programs on the search path and reads their versions', async () => {
    const found = await detectRuntimes({ searchPath: stubs, timeoutMs: 500 });
    expect(found.map((one) => one.name)).toEqual([...RUNTIME_NAMES]);
    expect(byName(found)).toMatchObject({
      node: { available: true, version: process.versions.node },
      python: { available: true, version: '3.12.1' },
      go: { available: true, version: '1.22.4' },
      java: { available: true, version: '17.0.9' },
    });
  });

  it('reports missing a program that is absent, not executable, failing, silent or hanging', async () => {
    const found = byName(await detectRuntimes({ searchPath: stubs, timeoutMs: 500 }));
    for (const name of ['rails', 'bun', 'bundler', 'php', 'deno', 'ruby'] as const) {
      expect(found[name], name).toEqual({ name, available: false, version: null });
    }
  });

  it('finds nothing but Node.js on an empty search path', async () => {
    const found = await detectRuntimes({ searchPath: '' });
    expect(found.filter((one) => one.available).map((one) => one.name)).toEqual(['node']);
  });

  it('asks the program a setting names instead of the usual one', async () => {
    stub('python3.13', 'echo "Python 3.13.0"');
    const found = byName(
      await detectRuntimes({ searchPath: stubs, commands: { python: 'python3.13' } }),
    );
    expect(found.python).toEqual({ name: 'python', available: true, version: '3.13.0' });
  });

  it('reads the version of every runtime this machine really has', async () => {
    const found = byName(await detectRuntimes());
    for (const runtime of RUNTIMES) {
      const present =
        spawnSync(runtime.command, runtime.versionArgs, { stdio: 'ignore', timeout: 3_000 })
          .status === 0;
      if (!present) continue;
      expect(found[runtime.name], runtime.name).toMatchObject({ available: true });
      expect(found[runtime.name]?.version, runtime.name).toMatch(/^\d+\.\d+/);
    }
  });

  it("reports Debian's newest versioned Go (golang-1.NN-go) over /usr/bin's, as runs find it", async () => {
    // Without a versioned Go, the one on PATH (or none) is what runs get.
    const bin = debianGoBin();
    const own = spawnSync(bin ? path.join(bin, 'go') : 'go', ['version'], { encoding: 'utf8' });
    const version = own.status === 0 ? versionIn(own.stdout) : null;
    const found = byName(await detectRuntimes());
    expect(found.go).toEqual({ name: 'go', available: version !== null, version });
    // An explicit search path is searched as given.
    expect(byName(await detectRuntimes({ searchPath: stubs })).go?.version).toBe('1.22.4');
  });
});

describe('runtimesOfThisServer', () => {
  it('looks once per search path and answers the same list after', async () => {
    const first = runtimesOfThisServer({ searchPath: stubs });
    expect(runtimesOfThisServer({ searchPath: stubs })).toBe(first);
    expect(runtimesOfThisServer({ searchPath: '' })).not.toBe(first);
    expect(byName(await first).go?.version).toBe('1.22.4');
  });
});

describe('versionIn', () => {
  it.each([
    ['v20.19.0', '20.19.0'],
    ['go version go1.19.8 linux/amd64', '1.19.8'],
    ['ruby 3.1.2p20 (2022-04-12 revision 4491bb740a) [x86_64-linux-gnu]', '3.1.2'],
    ['Rails 8.0.1', '8.0.1'],
    ['PHP 8.2.26 (cli) (built: Nov 25 2024)', '8.2.26'],
    ['deno 2.1.4 (stable, release, x86_64-unknown-linux-gnu)', '2.1.4'],
    ['1.1.38', '1.1.38'],
    ['no version', null],
  ])('%s → %s', (line, version) => {
    expect(versionIn(line)).toBe(version);
  });
});
