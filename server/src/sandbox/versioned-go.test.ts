import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEnvironment } from './run-environment';
import { debianGoBin, newestDebianGoBin, withDebianGo } from './versioned-go';

describe('newestDebianGoBin', () => {
  let root: string;

  /** A stand-in for /usr/lib/go-<version>, with or without its go program. */
  function goFolder(version: string, options: { program?: boolean } = {}) {
    const bin = path.join(root, `go-${version}`, 'bin');
    fs.mkdirSync(bin, { recursive: true });
    if (options.program !== false) {
      fs.writeFileSync(path.join(bin, 'go'), '#!/bin/sh\n', { mode: 0o755 });
    }
  }

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-debian-go-'));
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('is null without a versioned Go, or for a folder that does not exist', () => {
    expect(newestDebianGoBin(root)).toBeNull();
    expect(newestDebianGoBin(path.join(root, 'absent'))).toBeNull();
  });

  it('picks the newest by number, and only a folder that holds a go program', () => {
    goFolder('1.9');
    goFolder('1.19');
    expect(newestDebianGoBin(root)).toBe(path.join(root, 'go-1.19', 'bin'));
    goFolder('1.23');
    // A half-removed package: its folder is left, its program is gone.
    goFolder('1.24', { program: false });
    fs.mkdirSync(path.join(root, 'go-tools'));
    fs.symlinkSync(path.join(root, 'go-1.19'), path.join(root, 'go'));
    expect(newestDebianGoBin(root)).toBe(path.join(root, 'go-1.23', 'bin'));
  });
});

describe('withDebianGo', () => {
  const go = '/usr/lib/go-1.23/bin';

  it('goes ahead of the system folders, behind /usr/local/bin and what comes before', () => {
    expect(withDebianGo('/usr/local/bin:/usr/bin:/bin', go)).toBe(
      `/usr/local/bin:${go}:/usr/bin:/bin`,
    );
    expect(withDebianGo('/root/.pyenv/shims:/usr/local/sbin:/usr/sbin:/usr/bin', go)).toBe(
      `/root/.pyenv/shims:/usr/local/sbin:${go}:/usr/sbin:/usr/bin`,
    );
  });

  it('comes last on a path without system folders, once, and changes nothing without a Go', () => {
    expect(withDebianGo('/opt/tools', go)).toBe(`/opt/tools:${go}`);
    expect(withDebianGo('', go)).toBe(go);
    expect(withDebianGo(`${go}:/usr/bin`, go)).toBe(`${go}:/usr/bin`);
    expect(withDebianGo('/usr/local/bin:/usr/bin:/bin', null)).toBe('/usr/local/bin:/usr/bin:/bin');
  });
});

describe("the sandbox's PATH", () => {
  it("holds this machine's newest versioned Go ahead of /usr/bin, when it has one", () => {
    const { PATH } = runEnvironment({});
    const go = debianGoBin();
    expect(PATH).toBe(withDebianGo('/usr/local/bin:/usr/bin:/bin', go));
    if (go) expect(PATH!.split(':').indexOf(go)).toBeLessThan(PATH!.split(':').indexOf('/usr/bin'));
  });
});
