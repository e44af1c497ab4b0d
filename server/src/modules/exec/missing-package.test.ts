import { describe, expect, it } from 'vitest';
import { findMissingPackage, missingPackageHint } from './missing-package';

const packageJson = { path: 'package.json', content: '{"dependencies":{"express":"^5.0.0"}}' };
const requirements = { path: 'requirements.txt', content: 'Flask>=3.0\npytest==8.*\n' };
const pyproject = {
  path: 'pyproject.toml',
  content:
    '[project]\nname = "app"\ndependencies = [\n  "python-dateutil>=2.8",\n  "Requests[socks]",\n]\n',
};

describe('findMissingPackage and its hint', () => {
  it('names a package the project lists but has not installed (Node, ESM and CommonJS)', () => {
    const esm =
      "Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'express' imported from /home/kiln/project/app.js";
    const listed = findMissingPackage({ language: 'javascript', error: esm, files: [packageJson] });
    expect(listed).toEqual({
      name: 'express',
      ecosystem: 'npm',
      manifest: 'package.json',
      listed: true,
    });
    expect(missingPackageHint(listed)).toBe(
      "Hint: 'express' is listed in package.json, but it is not installed: install the project's packages, then run again.",
    );
    const cjs = "Error: Cannot find module 'lodash/fp'";
    const unlisted = findMissingPackage({
      language: 'typescript',
      error: cjs,
      files: [packageJson],
    });
    expect(unlisted).toEqual({
      name: 'lodash',
      ecosystem: 'npm',
      manifest: 'package.json',
      listed: false,
    });
    expect(missingPackageHint(unlisted)).toBe(
      "Hint: 'lodash' is not installed: add it to package.json and install the project's packages, then run again.",
    );
  });

  it('reads requirements.txt and pyproject.toml for Python, whatever the case of the name', () => {
    const flask = "ModuleNotFoundError: No module named 'flask'";
    expect(findMissingPackage({ language: 'python', error: flask, files: [requirements] })).toEqual(
      { name: 'flask', ecosystem: 'python', manifest: 'requirements.txt', listed: true },
    );
    const requests = "ModuleNotFoundError: No module named 'requests'";
    expect(
      findMissingPackage({ language: 'python', error: requests, files: [requirements, pyproject] }),
    ).toEqual({ name: 'requests', ecosystem: 'python', manifest: 'pyproject.toml', listed: true });
    const numpy = "ModuleNotFoundError: No module named 'numpy'";
    expect(findMissingPackage({ language: 'python', error: numpy, files: [] })).toEqual({
      name: 'numpy',
      ecosystem: 'python',
      manifest: 'requirements.txt',
      listed: false,
    });
  });

  it('says nothing for a missing project file or another error', () => {
    const relative = "Error: Cannot find module './util'";
    expect(findMissingPackage({ language: 'javascript', error: relative, files: [] })).toBeNull();
    expect(
      findMissingPackage({ language: 'python', error: 'ZeroDivisionError', files: [] }),
    ).toBeNull();
    expect(findMissingPackage({ language: 'python', error: null, files: [] })).toBeNull();
    expect(missingPackageHint(null)).toBeNull();
  });
});
