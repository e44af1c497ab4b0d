import { describe, expect, it } from 'vitest';
import { missingPackageHint } from './missing-package';

const packageJson = { path: 'package.json', content: '{"dependencies":{"express":"^5.0.0"}}' };
const requirements = { path: 'requirements.txt', content: 'Flask>=3.0\npytest==8.*\n' };

describe('missingPackageHint', () => {
  it('names a package the project lists but runs do not install (Node, ESM and CommonJS)', () => {
    const esm =
      "Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'express' imported from /home/kiln/project/app.js";
    expect(missingPackageHint({ language: 'javascript', error: esm, files: [packageJson] })).toBe(
      "Hint: 'express' is listed in package.json, but Kiln runs code with Node's built-in modules and any node_modules folder in the project; packages are not installed for runs.",
    );
    const cjs = "Error: Cannot find module 'lodash/fp'";
    expect(missingPackageHint({ language: 'javascript', error: cjs, files: [packageJson] })).toBe(
      "Hint: Kiln runs code with Node's built-in modules and any node_modules folder in the project; packages are not installed for runs.",
    );
  });

  it('reads requirements.txt for Python, whatever the case of the name', () => {
    const error = "ModuleNotFoundError: No module named 'flask'";
    expect(missingPackageHint({ language: 'python', error, files: [requirements] })).toBe(
      "Hint: 'flask' is listed in requirements.txt, but Kiln runs code with Python's standard library; packages are not installed for runs.",
    );
  });

  it('says nothing for a missing project file or another error', () => {
    const relative = "Error: Cannot find module './util'";
    expect(missingPackageHint({ language: 'javascript', error: relative, files: [] })).toBeNull();
    expect(
      missingPackageHint({ language: 'python', error: 'ZeroDivisionError', files: [] }),
    ).toBeNull();
    expect(missingPackageHint({ language: 'python', error: null, files: [] })).toBeNull();
  });
});
