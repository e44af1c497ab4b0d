import { describe, expect, it } from 'vitest';
import { planUsage } from './plan-usage';

describe('planUsage', () => {
  it('counts against the Free plan’s 3 projects, at the limit from the third', () => {
    expect(planUsage('free', 2)).toEqual({ used: 2, limit: 3, atLimit: false });
    expect(planUsage('free', 3)).toMatchObject({ used: 3, limit: 3, atLimit: true });
  });

  it('has nothing to say for plans without a limit', () => {
    expect(planUsage('pro', 40)).toBeNull();
    expect(planUsage('enterprise', 0)).toBeNull();
  });
});
