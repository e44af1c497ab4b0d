import { describe, expect, it } from 'vitest';
import { ecosystemLabel, ecosystemStateText } from './status-text';

describe('ecosystemStateText', () => {
  const npm = {
    ecosystem: 'npm',
    manifest: 'package.json',
    lockfile: null,
    folder: 'node_modules',
    installedAt: null,
  } as const;

  it('says whether the packages are installed and current', () => {
    expect(ecosystemStateText({ ...npm, installed: false, upToDate: false })).toBe('Not installed');
    expect(ecosystemStateText({ ...npm, installed: true, upToDate: true })).toBe(
      'Installed and up to date',
    );
    expect(ecosystemStateText({ ...npm, installed: true, upToDate: false })).toBe(
      'Changed since the last install',
    );
  });

  it('names the ecosystem', () => {
    expect(ecosystemLabel({ ...npm, installed: true, upToDate: true })).toBe('npm');
    expect(ecosystemLabel({ ...npm, ecosystem: 'python', installed: false, upToDate: false })).toBe(
      'Python',
    );
  });
});
