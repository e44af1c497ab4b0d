import type { Browser } from '@playwright/test';
import { chromiumLaunchOptions } from '../../e2e/chromium';

/**
 * Debian's Chromium, headless, with the flags this machine needs. Playwright is loaded here, on
 * first use, and never at the top of a benchmark: its modules make the benchmark process's heap
 * several times larger, and collecting that heap while it reads a 460 KB answer stalled the
 * reads long enough to double the measured p99 of GET /api/projects.
 */
export async function launchChromium(
  options: { handleSignals?: boolean; env?: NodeJS.ProcessEnv } = {},
): Promise<Browser> {
  const { chromium } = await import('@playwright/test');
  const handleSignals = options.handleSignals ?? true;
  return chromium.launch({
    ...chromiumLaunchOptions,
    ...(options.env ? { env: options.env } : {}),
    handleSIGINT: handleSignals,
    handleSIGTERM: handleSignals,
    handleSIGHUP: handleSignals,
  });
}
