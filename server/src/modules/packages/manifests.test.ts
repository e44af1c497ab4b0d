import { describe, expect, it } from 'vitest';
import { detectManifests, manifestHash, pyprojectListsDependencies } from './manifests';
import { portableLockfile } from './portable-lockfile';
import { mayDownloadFrom } from './registry-proxy/archive-hosts';

const reader = (files: Record<string, string>) => async (name: string) => files[name] ?? null;

describe('what a project installs from', () => {
  it('finds npm with its lockfile, and Python from requirements.txt before pyproject.toml', async () => {
    const found = await detectManifests(
      reader({
        'package.json': '{}',
        'package-lock.json': '{}',
        'npm-shrinkwrap.json': '{}',
        'requirements.txt': 'flask\n',
        'pyproject.toml': '[project]\ndependencies = ["flask"]\n',
      }),
    );
    expect(found).toEqual([
      {
        ecosystem: 'npm',
        manifest: 'package.json',
        lockfile: 'npm-shrinkwrap.json',
        folder: 'node_modules',
      },
      { ecosystem: 'python', manifest: 'requirements.txt', lockfile: null, folder: '.venv' },
    ]);
    expect(await detectManifests(reader({ 'README.md': '# hi' }))).toEqual([]);
  });

  it('counts a pyproject.toml only when its [project] table lists dependencies', () => {
    expect(pyprojectListsDependencies('[project]\nname = "a"\ndependencies = [\n  "x",\n]\n')).toBe(
      true,
    );
    expect(pyprojectListsDependencies('[tool.black]\nline-length = 100\n')).toBe(false);
    expect(
      pyprojectListsDependencies('[project]\nname = "a"\n\n[tool.poetry]\ndependencies = []\n'),
    ).toBe(false);
  });

  it('hashes the manifest and the lockfile together', async () => {
    const manifest = {
      ecosystem: 'npm' as const,
      manifest: 'package.json',
      lockfile: 'package-lock.json',
      folder: 'node_modules',
    };
    const one = await manifestHash(
      manifest,
      reader({ 'package.json': '{}', 'package-lock.json': '1' }),
    );
    const two = await manifestHash(
      manifest,
      reader({ 'package.json': '{}', 'package-lock.json': '2' }),
    );
    expect(one).toMatch(/^[0-9a-f]{64}$/);
    expect(one).not.toBe(two);
  });
});

describe('portableLockfile', () => {
  it("puts the registry's addresses back, keeping signed links and formatting", () => {
    const lock = [
      '{',
      '  "packages": {',
      '    "node_modules/a": {',
      '      "resolved": "http://127.0.0.1:4873/npm/a/-/a-1.0.0.tgz",',
      '      "integrity": "sha512-x"',
      '    },',
      '    "node_modules/b": {',
      '      "resolved": "http://127.0.0.1:4873/npm/~file/sig/aHR0cHM6Ly9jZG4vYi50Z3o/b.tgz"',
      '    }',
      '  }',
      '}',
    ].join('\n');
    expect(portableLockfile(lock, 'https://registry.npmjs.org/')).toBe(
      lock.replace('http://127.0.0.1:4873/npm/a/', 'https://registry.npmjs.org/a/'),
    );
    expect(portableLockfile('{"packages":{}}', 'https://registry.npmjs.org/')).toBeNull();
  });
});

describe('mayDownloadFrom', () => {
  const registries = new Set(['127.0.0.1:4000']);
  it('allows the registries and public hosts, not this machine or its network', () => {
    expect(mayDownloadFrom(new URL('http://127.0.0.1:4000/x.tgz'), registries)).toBe(true);
    expect(mayDownloadFrom(new URL('https://files.pythonhosted.org/x.whl'), registries)).toBe(true);
    expect(mayDownloadFrom(new URL('https://93.184.216.34/x.whl'), registries)).toBe(true);
    for (const url of [
      'http://127.0.0.1:5432/',
      'http://169.254.169.254/latest/meta-data',
      'http://10.1.2.3/x',
      'http://192.168.1.1/x',
      'http://[::1]/x',
      'http://[::ffff:127.0.0.1]/x',
      'http://localhost:4000/x',
      'file:///etc/passwd',
    ]) {
      expect(mayDownloadFrom(new URL(url), registries), url).toBe(false);
    }
  });
});
