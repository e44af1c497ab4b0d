import type { PackageStatus } from '@kiln/shared';
import { describe, expect, it } from 'vitest';
import { installIsStale } from './stale-install';

const ecosystem = (installed: boolean, upToDate: boolean) =>
  ({
    ecosystem: 'npm',
    manifest: 'package.json',
    lockfile: 'package-lock.json',
    folder: 'node_modules',
    installed,
    upToDate,
    installedAt: installed ? new Date(0).toISOString() : null,
  }) as PackageStatus['ecosystems'][number];

const status = (...ecosystems: PackageStatus['ecosystems']): PackageStatus => ({
  ecosystems,
  allowScripts: false,
  installing: false,
});

describe('installIsStale', () => {
  it('is true once a manifest changed after its install', () => {
    expect(installIsStale(status(ecosystem(true, false)))).toBe(true);
    expect(installIsStale(status(ecosystem(true, true), ecosystem(true, false)))).toBe(true);
  });

  it('leaves up-to-date and never-installed projects alone', () => {
    expect(installIsStale(status(ecosystem(true, true)))).toBe(false);
    expect(installIsStale(status(ecosystem(false, false)))).toBe(false);
    expect(installIsStale(status())).toBe(false);
  });
});
