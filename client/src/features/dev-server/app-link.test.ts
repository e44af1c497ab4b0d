import { PREVIEW_LINK_TTL_MS, type DevServerStatus } from '@kiln/shared';
import { describe, expect, it } from 'vitest';
import { chooseAppLink } from './app-link';

const base = Date.parse('2026-01-01T10:00:00Z');
const status = (madeAt: number, startedAt = '2026-01-01T09:59:00Z'): DevServerStatus => ({
  state: 'running',
  command: 'npm run dev',
  port: 3000,
  startedAt,
  previewUrl: `http://preview/p/token-${madeAt}/`,
  previewExpiresAt: new Date(madeAt + PREVIEW_LINK_TTL_MS).toISOString(),
  exitCode: null,
  message: null,
});

describe('chooseAppLink', () => {
  it('keeps the link it holds while the app runs, so polling does not reload the frame', () => {
    const first = chooseAppLink(null, status(base));
    expect(first?.url).toBe(`http://preview/p/token-${base}/`);
    // Polled 9 minutes on, the held link has 6 of its 15 minutes left.
    expect(PREVIEW_LINK_TTL_MS).toBe(15 * 60_000);
    expect(chooseAppLink(first, status(base + 9 * 60_000))).toBe(first);
  });

  it('takes the fresh link near the held one’s expiry, or for a new start', () => {
    const first = chooseAppLink(null, status(base));
    // 11 minutes on, 4 are left: the next poll's link takes over before it ends.
    const late = status(base + 11 * 60_000);
    expect(chooseAppLink(first, late)?.url).toBe(late.previewUrl);
    const restarted = status(base + 60_000, '2026-01-01T10:01:00Z');
    expect(chooseAppLink(first, restarted)?.url).toBe(restarted.previewUrl);
  });

  it('has no link unless the app runs', () => {
    const first = chooseAppLink(null, status(base));
    expect(
      chooseAppLink(first, { ...status(base), state: 'crashed', previewUrl: null }),
    ).toBeNull();
    expect(chooseAppLink(first, undefined)).toBeNull();
  });
});
