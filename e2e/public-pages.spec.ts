import {
  PUBLIC_PAGE_LIST,
  PUBLIC_PAGE_NAMES,
  PUBLIC_PAGES,
  publicPagesOfKind,
  type PublicPageName,
} from '@kiln/shared';
import { expect, test } from './fixtures';

interface PageExpectation {
  heading: string;
  cards?: [testId: string, count: number][];
}

/**
 * What each public page shows, with the counts the product states. Keyed by the pages' names in
 * @kiln/shared, so a page added there fails the typecheck until its heading is written here.
 */
const EXPECTED: Record<PublicPageName, PageExpectation> = {
  landing: { heading: 'Build full-stack apps at the speed of thought' },
  login: { heading: 'Welcome back' },
  register: { heading: 'Create an account' },
  pricing: { heading: 'Simple pricing that grows with you', cards: [['plan-card', 3]] },
  features: {
    heading: 'Everything you need to build, in one browser tab',
    cards: [['feature-card', 10]],
  },
  templates: { heading: 'Start from 13+ templates', cards: [['template-card', 14]] },
  useCases: {
    heading: 'One workspace, many ways to build',
    cards: [['use-case-card', 6]],
  },
  resources: {
    heading: 'Everything you need to get going',
    cards: [
      ['resource-card', 6],
      ['quick-start-step', 4],
    ],
  },
  support: {
    heading: 'How can we help?',
    cards: [
      ['support-channel', 4],
      ['support-faq', 6],
    ],
  },
  about: {
    heading: 'Professional tools for every developer',
    cards: [['about-stat', 4]],
  },
  privacyPolicy: { heading: 'Privacy Policy', cards: [['legal-section', 13]] },
  termsOfService: { heading: 'Terms of Service', cards: [['legal-section', 15]] },
  cookiesPolicy: { heading: 'Cookies Policy', cards: [['legal-section', 10]] },
  verifyEmail: { heading: 'Verify your email' },
  resetPassword: { heading: 'Reset your password' },
};

for (const name of PUBLIC_PAGE_NAMES) {
  const { path } = PUBLIC_PAGES[name];
  const { heading, cards = [] } = EXPECTED[name];
  test(`${path} shows its heading`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    for (const [testId, count] of cards) await expect(page.getByTestId(testId)).toHaveCount(count);
  });
}

test('the legal pages name their date and law', async ({ page }) => {
  for (const { path } of publicPagesOfKind('legal')) {
    await page.goto(path);
    await expect(page.getByText('Last updated: October 24, 2025')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  }
  await page.goto(PUBLIC_PAGES.termsOfService.path);
  await expect(page.getByText(/laws? of England and Wales/).first()).toBeVisible();
  await page.goto(PUBLIC_PAGES.privacyPolicy.path);
  await expect(page.getByText(/UK GDPR/).first()).toBeVisible();
});

test('routes match case-insensitively', async ({ page }) => {
  await page.goto('/PRICING');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Simple pricing that grows with you' }),
  ).toBeVisible();
});

test('an unknown route shows the 404 page, and an unknown API path answers JSON', async ({
  page,
}) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);

  const response = await page.request.get('/api/no-such-thing');
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
});

test('pricing sends paid plans to checkout and the free plan to registration', async ({ page }) => {
  await page.goto('/pricing');
  const cards = page.getByTestId('plan-card');
  await expect(cards.filter({ hasText: '£19' }).getByRole('link').first()).toHaveAttribute(
    'href',
    '/subscribe?plan=pro',
  );
  await expect(cards.filter({ hasText: '£99' }).getByRole('link').first()).toHaveAttribute(
    'href',
    '/subscribe?plan=enterprise',
  );
  await expect(cards.filter({ hasText: '£0' }).getByRole('link').first()).toHaveAttribute(
    'href',
    '/register',
  );
});

test.describe('theme', () => {
  test('defaults to dark, toggles, and persists across a reload without a flash', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');

    // The class must be on <html> before any module script runs: read it at DOMContentLoaded.
    const classAtFirstParse = page
      .waitForEvent('domcontentloaded')
      .then(() => page.evaluate(() => document.documentElement.className));
    await page.reload();
    expect(await classAtFirstParse).toContain('light');
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
  });
});

test('the phone layout has no sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  for (const { path } of PUBLIC_PAGE_LIST) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
  }
});
