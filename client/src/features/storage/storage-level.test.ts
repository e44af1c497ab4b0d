import type { ProjectStorage } from '@kiln/shared';
import { describe, expect, it } from 'vitest';
import { storageLevel, storageText } from './storage-level';

const GB = 1024 ** 3;

function storage(
  used: { bytes: number; entries: number },
  options: { plan?: ProjectStorage['plan']; serverLimit?: boolean } = {},
): ProjectStorage {
  const serverLimit = options.serverLimit ?? false;
  return {
    projectId: 'p',
    plan: options.plan ?? 'free',
    bytes: { used: used.bytes, limit: 5 * GB, serverLimit },
    entries: { used: used.entries, limit: 20_000, serverLimit },
  };
}

describe('the storage meter', () => {
  it('warns from 80% of either limit and is full at a limit', () => {
    expect(storageLevel(storage({ bytes: 3.9 * GB, entries: 100 }))).toBe('ok');
    expect(storageLevel(storage({ bytes: 4 * GB, entries: 100 }))).toBe('warning');
    expect(storageLevel(storage({ bytes: 1024, entries: 16_000 }))).toBe('warning');
    expect(storageLevel(storage({ bytes: 5 * GB, entries: 100 }))).toBe('full');
    expect(storageLevel(storage({ bytes: 1024, entries: 20_000 }))).toBe('full');
  });

  it('says the usage, the limit and whose limit it is', () => {
    expect(storageText(storage({ bytes: 3_250_586, entries: 1_204 }))).toEqual({
      bytes: '3.1 MB of 5 GB',
      entries: '1,204 of 20,000 files and folders',
      limitName: 'Free plan',
      advice: null,
    });
    expect(storageText(storage({ bytes: 1024, entries: 2 }, { serverLimit: true })).limitName).toBe(
      'Server limit',
    );
  });

  it('suggests an upgrade only where one raises the limit', () => {
    const nearlyFull = { bytes: 4.5 * GB, entries: 1 };
    expect(storageText(storage(nearlyFull)).advice).toBe('Almost full: delete files or upgrade.');
    expect(storageText(storage({ bytes: 5 * GB, entries: 1 }, { plan: 'pro' })).advice).toBe(
      'Full: delete files or upgrade.',
    );
    expect(storageText(storage(nearlyFull, { plan: 'enterprise' })).advice).toBe(
      'Almost full: delete files to make room.',
    );
    expect(storageText(storage(nearlyFull, { serverLimit: true })).advice).toBe(
      'Almost full: delete files to make room.',
    );
  });
});
