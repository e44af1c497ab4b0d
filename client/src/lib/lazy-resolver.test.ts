import type { Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from './lazy-resolver';

type Values = { email: string };

const OPTIONS = { fields: {}, shouldUseNativeValidation: false } as const;
const valid: Resolver<Values> = async (values) => ({ values, errors: {} });

describe('lazyResolver', () => {
  it('loads the resolver with the first validation, once', async () => {
    const load = vi.fn(async () => valid);
    const resolver = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();

    const values = { email: 'ada@example.com' };
    await expect(resolver(values, undefined, OPTIONS)).resolves.toEqual({ values, errors: {} });
    await resolver(values, undefined, OPTIONS);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries a failed load again at the next validation', async () => {
    const load = vi
      .fn<() => Promise<Resolver<Values>>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(valid);
    const resolver = lazyResolver(load);
    const values = { email: 'ada@example.com' };

    await expect(resolver(values, undefined, OPTIONS)).rejects.toThrow('offline');
    await expect(resolver(values, undefined, OPTIONS)).resolves.toEqual({ values, errors: {} });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
