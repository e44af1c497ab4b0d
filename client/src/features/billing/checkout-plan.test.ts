import { describe, expect, it } from 'vitest';
import { checkoutPlan, paymentReturnUrl } from './checkout-plan';

describe('checkoutPlan', () => {
  it('reads pro and enterprise, and falls back to pro', () => {
    expect(checkoutPlan('plan=enterprise')).toBe('enterprise');
    expect(checkoutPlan('plan=pro')).toBe('pro');
    expect(checkoutPlan('')).toBe('pro');
    expect(checkoutPlan('plan=free')).toBe('pro');
    expect(checkoutPlan('plan=ENTERPRISE')).toBe('pro');
  });

  it('returns to the dashboard with the success flag', () => {
    expect(paymentReturnUrl('https://kiln.example')).toBe(
      'https://kiln.example/dashboard?payment=success',
    );
  });
});
