import { describe, expect, it } from 'vitest';
import { PLANS, SUBSCRIPTION_PLANS } from '../plans';
import { formatStorageSize } from './format';

/** The "NGB storage" a plan's feature list sells, in bytes, or null when it sells no figure. */
function advertisedBytes(features: readonly string[]): number | null {
  const figure = features.map((feature) => /^(\d+)GB storage$/.exec(feature)).find(Boolean);
  return figure ? Number(figure[1]) * 1024 ** 3 : null;
}

describe('project storage limits', () => {
  it('let a Free or Pro project hold the storage the plan advertises', () => {
    expect(advertisedBytes(PLANS.free.features)).toBe(PLANS.free.storage.bytes);
    expect(advertisedBytes(PLANS.pro.features)).toBe(PLANS.pro.storage.bytes);
  });

  it('give "Unlimited storage" a finite cap per project, above Pro', () => {
    expect(PLANS.enterprise.features).toContain('Unlimited storage');
    expect(Number.isFinite(PLANS.enterprise.storage.bytes)).toBe(true);
    expect(PLANS.enterprise.storage.bytes).toBeGreaterThan(PLANS.pro.storage.bytes);
  });

  it('never rise from a plan to the one above it', () => {
    const [free, pro, enterprise] = SUBSCRIPTION_PLANS.map((plan) => PLANS[plan].storage);
    expect(free!.bytes).toBeLessThanOrEqual(pro!.bytes);
    expect(pro!.bytes).toBeLessThanOrEqual(enterprise!.bytes);
    expect(free!.entries).toBeLessThanOrEqual(pro!.entries);
    expect(pro!.entries).toBeLessThanOrEqual(enterprise!.entries);
  });

  it('stay within the 50,000 entries the workspace sync handles', () => {
    for (const plan of SUBSCRIPTION_PLANS) {
      expect(PLANS[plan].storage.entries).toBeLessThanOrEqual(50_000);
    }
  });
});

describe('formatStorageSize', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [1023, '1,023 bytes'],
    [1536, '1.5 KB'],
    [13_002_342, '12.4 MB'],
    [500 * 1024 ** 2, '500 MB'],
    [5 * 1024 ** 3, '5 GB'],
    [1.25 * 1024 ** 3, '1.3 GB'],
  ])('writes %d bytes as %s', (bytes, text) => {
    expect(formatStorageSize(bytes)).toBe(text);
  });
});
