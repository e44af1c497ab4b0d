import { createRequire } from 'node:module';
import {
  PUBLIC_PAGE_LIST,
  PUBLIC_PAGES,
  publicPagesOfKind,
  THEME_STORAGE_KEY,
  type Theme,
} from '@kiln/shared';
import type { Locator, Page } from '@playwright/test';
import type { AxeResults, Result, RunOptions } from 'axe-core';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './admin-account';
import { createProject, editorReady, expect, newAccount, registerViaApi, test } from './fixtures';
import { deliverSubscriptionEvent, fakeStripeJs, STRIPE_SETTINGS } from './stripe';

/**
 * Every screen of Kiln, in both themes, checked by axe-core against WCAG 2.1 A and AA. A test
 * collects what each screen reports and fails once at its end, listing every violation with its
 * rule, impact, the elements it names and, for contrast, the colours and ratio axe measured.
 */

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const AXE_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  resultTypes: ['violations'],
};
const THEMES: readonly Theme[] = ['light', 'dark'];

// Kiln's Content-Security-Policy forbids inline scripts, which is how axe is put in the page;
// the policy itself is checked by the server's tests, not here.
test.use({ bypassCSP: true });

/** What axe attaches to a colour-contrast result (axe-core's own checks/color/color-contrast). */
interface ContrastData {
  fgColor?: string;
  bgColor?: string;
  contrastRatio?: number;
  expectedContrastRatio?: string;
  fontSize?: string;
  fontWeight?: string;
}

/** One violation as a readable block: rule, impact, then each element and its numbers. */
function describe(where: string, violation: Result): string {
  const lines = [`[${where}] ${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}`];
  for (const node of violation.nodes) {
    lines.push(`    at ${node.target.map(String).join(' >> ')}`);
    for (const check of [...node.any, ...node.all, ...node.none]) {
      if (check.id !== 'color-contrast') continue;
      const data = check.data as ContrastData | null;
      if (!data?.contrastRatio) continue;
      lines.push(
        `       ${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}:1, needs ${data.expectedContrastRatio} (${data.fontSize}, weight ${data.fontWeight})`,
      );
    }
  }
  return lines.join('\n');
}

/**
 * Lets entrances (dialogs, toasts, fades) finish, since axe measuring a half-faded dialog would
 * report colours nobody reads; endless ones (spinners, skeleton pulses) are left running.
 */
async function settle(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}

/** Collects the violations of each screen a test visits, and fails the test once at the end. */
class Audit {
  private readonly found: string[] = [];
  private readonly counts = new Map<string, number>();

  constructor(
    private readonly page: Page,
    private readonly theme: Theme,
  ) {}

  async check(where: string, ready?: Locator) {
    if (ready) await expect(ready).toBeVisible();
    await settle(this.page);
    const loaded = await this.page.evaluate(() => 'axe' in window);
    if (!loaded) await this.page.addScriptTag({ path: AXE_PATH });
    const results = await this.page.evaluate(
      (options) =>
        (
          window as unknown as {
            axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> };
          }
        ).axe.run(document, options),
      AXE_OPTIONS,
    );
    for (const violation of results.violations) {
      this.found.push(describe(`${this.theme} ${where}`, violation));
      this.counts.set(violation.id, (this.counts.get(violation.id) ?? 0) + violation.nodes.length);
    }
  }

  expectNone() {
    const summary = [...this.counts].map(([id, nodes]) => `${id}: ${nodes}`).join(', ');
    if (this.found.length > 0) console.log(`${this.theme}: ${summary}\n${this.found.join('\n')}`);
    expect(this.found, `axe violations (${summary}):\n${this.found.join('\n')}`).toEqual([]);
  }
}

/** The administrator named by ADMIN_EMAILS: registered the first time, signed in after that. */
async function signInAsAdmin(page: Page) {
  await page.goto('/api/health');
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrf_token');
  const headers = { 'x-csrf-token': csrf?.value ?? '' };
  const credentials = { email: E2E_ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD };
  const registered = await page.request.post('/api/auth/register', {
    data: { ...credentials, name: 'Portal Admin' },
    headers,
  });
  if (registered.status() === 409) {
    const login = await page.request.post('/api/auth/login', { data: credentials, headers });
    expect(login.status()).toBe(200);
  } else {
    expect(registered.status()).toBe(201);
  }
}

/** A PATCH through the API with the page's cookies, as the app sends it. */
async function patch(page: Page, url: string, data: object) {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrf_token');
  const response = await page.request.patch(url, {
    data,
    headers: { 'x-csrf-token': csrf?.value ?? '' },
  });
  expect(response.status()).toBe(200);
}

async function currentUserId(page: Page): Promise<string> {
  const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { id: string } };
  return me.user.id;
}

/** WCAG's contrast ratio of two sRGB colours given as 0-255 channels. */
function contrastRatio(a: readonly number[], b: readonly number[]): number {
  const luminance = (rgb: readonly number[]) => {
    const [r = 0, g = 0, bl = 0] = rgb.map((channel) => {
      const c = channel / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((high ?? 0) + 0.05) / ((low ?? 0) + 0.05);
}

/**
 * The focus outline of the element with keyboard focus, and the surface around it. axe does not
 * judge focus indicators, so this does: the colours come back as sRGB through a canvas, which
 * reads every CSS colour syntax the theme uses (oklch, lab).
 */
async function focusRing(target: Locator) {
  return target.evaluate((element) => {
    const rgba = (color: string): number[] => {
      const context = document.createElement('canvas').getContext('2d', {
        willReadFrequently: true,
      });
      if (!context) return [0, 0, 0, 0];
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      return [...context.getImageData(0, 0, 1, 1).data];
    };
    let surface = [255, 255, 255, 255];
    for (let node = element.parentElement; node; node = node.parentElement) {
      const background = rgba(getComputedStyle(node).backgroundColor);
      if (background[3] === 255) {
        surface = background;
        break;
      }
    }
    const style = getComputedStyle(element);
    return {
      focusVisible: element.matches(':focus-visible'),
      style: style.outlineStyle,
      width: parseFloat(style.outlineWidth),
      offset: parseFloat(style.outlineOffset),
      ring: rgba(style.outlineColor),
      fill: rgba(style.backgroundColor),
      surface,
    };
  });
}

const closeDialog = async (page: Page) => {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
};

/** The marketing and legal pages, and the 404 page their frame shares. */
const SITE_PAGES = [
  ...PUBLIC_PAGE_LIST.filter((page) => page.kind !== 'account').map((page) => page.path),
  '/no-such-page',
];

/** The sign-in panel's pages, and the two that read a token from a link, given a bad one. */
const ACCOUNT_PAGES = [
  ...publicPagesOfKind('account').map((page) => page.path),
  ...[PUBLIC_PAGES.resetPassword, PUBLIC_PAGES.verifyEmail].map(
    (page) => `${page.path}?token=not-a-real-token`,
  ),
];

for (const theme of THEMES) {
  test.describe(`accessibility, ${theme} theme`, () => {
    // Dozens of full axe runs, and Monaco, on a 2-core machine.
    test.describe.configure({ timeout: 180_000 });

    test.beforeEach(async ({ page }) => {
      await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
        THEME_STORAGE_KEY,
        theme,
      ] as const);
    });

    test('public pages', async ({ page }) => {
      const audit = new Audit(page, theme);
      for (const path of SITE_PAGES) {
        await page.goto(path);
        await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
        await audit.check(path, page.getByRole('heading', { level: 1 }).first());
      }
      audit.expectNone();
    });

    test('a primary button with keyboard focus shows a ring that stands out', async ({ page }) => {
      for (const [path, name] of [
        ['/login', 'Sign in'],
        ['/', 'Start Building Free'],
      ] as const) {
        await page.goto(path);
        const button = page.getByRole('button', { name, exact: true }).first();
        await expect(button).toBeVisible();
        // Focus given after a key press counts as keyboard focus (:focus-visible).
        await page.keyboard.press('Tab');
        await button.focus();
        // The ring fades in (a CSS transition): read it once it has stopped changing.
        let ring = await focusRing(button);
        await expect
          .poll(async () => {
            const previous = JSON.stringify(ring);
            ring = await focusRing(button);
            return JSON.stringify(ring) === previous;
          })
          .toBe(true);
        const where = `${path} ${name}: ring ${ring.ring} on ${ring.surface}, fill ${ring.fill}`;
        expect(ring.focusVisible, where).toBe(true);
        expect(ring.style, where).toBe('solid');
        expect(ring.width, where).toBeGreaterThanOrEqual(2);
        // Drawn apart from the button, on the surface, where it needs 3:1 (WCAG 1.4.11)...
        expect(ring.offset, where).toBeGreaterThanOrEqual(2);
        expect(contrastRatio(ring.ring, ring.surface), where).toBeGreaterThanOrEqual(3);
        // ...and in a colour of its own, not the button's fill a little further out.
        expect(contrastRatio(ring.ring, ring.fill), where).toBeGreaterThanOrEqual(1.5);
      }
    });

    test('sign-in, registration, password reset and verification pages', async ({ page }) => {
      const audit = new Audit(page, theme);
      for (const path of ACCOUNT_PAGES) {
        await page.goto(path);
        await audit.check(path, page.getByRole('heading', { level: 1 }).first());
      }
      // The form's error messages, in the destructive colour.
      await page.goto('/login');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await audit.check('/login with errors', page.getByText(/email/i).nth(1));
      audit.expectNone();
    });

    test('dashboard, create project, user management, pricing and checkout', async ({ page }) => {
      const audit = new Audit(page, theme);
      await registerViaApi(page, newAccount('a11y'));
      await page.goto('/dashboard');
      await audit.check(
        'dashboard (empty)',
        page.getByRole('heading', { name: 'No projects yet' }),
      );

      await page.getByRole('button', { name: 'New Project' }).click();
      const create = page.getByTestId('create-project-dialog');
      await audit.check('create project dialog', create);
      // Its planning chat, answered by the e2e server's model stand-in.
      await create
        .getByLabel('Describe what you want to make')
        .fill('A recipe book where my family can save and tag recipes.');
      await create.getByRole('button', { name: 'Start chat' }).click();
      await audit.check('create project chat', create.getByText(/This is the model stand-in/));
      await closeDialog(page);

      // One project of each coloured language badge the Free plan has room for.
      const site = await createProject(page, 'html-css', 'Portfolio site');
      await createProject(page, 'nodejs-express', 'Todo API');
      await createProject(page, 'python-flask', 'Recipe book');
      await patch(page, `/api/projects/${site}`, { starred: true });
      await page.goto('/dashboard');
      await audit.check('dashboard (grid)', page.getByTestId('project-card').nth(2));
      await page.getByRole('button', { name: 'List view' }).click();
      await audit.check('dashboard (list)', page.getByTestId('project-card').nth(2));
      await page.getByRole('button', { name: 'Starred' }).click();
      await audit.check('dashboard (starred)', page.getByTestId('project-card').first());
      await page.getByRole('button', { name: 'Actions for Portfolio site' }).click();
      await audit.check('project actions menu', page.getByRole('menu'));
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: /User management/ }).click();
      await audit.check('user management dialog', page.getByTestId('user-row').first());
      await closeDialog(page);

      await page.goto('/pricing');
      await audit.check('/pricing (signed in)', page.getByRole('heading', { level: 1 }));

      await fakeStripeJs(page);
      await page.goto('/subscribe?plan=pro');
      await audit.check('/subscribe?plan=pro', page.getByLabel('Card number'));

      // Paid: Stripe says the subscription is active; Manage Billing shows the plan.
      const userId = await currentUserId(page);
      const delivered = await deliverSubscriptionEvent(page.request, {
        id: `evt_a11y_${theme}_${userId}`,
        userId,
        status: 'active',
        price: STRIPE_SETTINGS.STRIPE_PRICE_PRO,
      });
      expect(delivered.status()).toBe(200);
      await page.goto('/dashboard');
      await page.getByRole('button', { name: 'Manage Billing' }).click();
      await audit.check(
        'manage billing dialog',
        page.getByRole('dialog', { name: 'Your Pro Plan' }),
      );
      audit.expectNone();
    });

    test('editor with a file open, its dialogs, AI Chat and the terminal', async ({ page }) => {
      const audit = new Audit(page, theme);
      await registerViaApi(page, newAccount('a11y-editor'));
      const id = await createProject(page, 'nodejs-express', 'Express API');
      await page.goto(`/editor/${id}`);
      await page.getByRole('treeitem', { name: 'index.js', exact: true }).click();
      await editorReady(page);
      await expect(page.locator('.monaco-editor .view-lines')).toContainText('createApp');
      await audit.check('editor (index.js open)');

      const code = page.locator('.monaco-editor .view-lines').first();
      await code.click();
      await page.keyboard.press('ControlOrMeta+p');
      const quickOpen = page.getByRole('dialog', { name: 'Go to file' });
      await quickOpen.getByLabel('File name or path').fill('js');
      await audit.check('quick open', quickOpen);
      await closeDialog(page);

      await page.keyboard.press('ControlOrMeta+Shift+f');
      const search = page.getByRole('dialog', { name: 'Search in files' });
      await search.getByLabel('Search text').fill('express');
      await page.keyboard.press('Enter');
      await audit.check(
        'search in files',
        search.getByRole('button', { name: /^Line \d+: / }).first(),
      );
      await closeDialog(page);

      await code.click();
      await page.keyboard.press('ControlOrMeta+k');
      await audit.check('shortcuts help', page.getByRole('dialog', { name: 'Keyboard shortcuts' }));
      await closeDialog(page);

      await page.getByRole('button', { name: 'New File' }).click();
      await audit.check('new file dialog', page.getByRole('dialog').getByLabel('Name'));
      await closeDialog(page);

      await page.getByRole('tab', { name: 'AI Chat' }).click();
      await audit.check('AI Chat tab', page.getByRole('tabpanel'));

      // A run of index.js fails (the template's packages are not installed): error output.
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await expect(page.getByTestId('run').first().locator('[data-kind="error"]')).toBeVisible();
      await audit.check('terminal with a run', page.getByTestId('run-status'));

      // HTML and CSS have token colours of their own (the doctype, attribute names).
      const site = await createProject(page, 'html-css', 'Site');
      await page.goto(`/editor/${site}`);
      await editorReady(page);
      await expect(page.locator('.monaco-editor .view-lines')).toContainText('<!doctype html>');
      await audit.check('editor (index.html open)');
      await page.getByRole('treeitem', { name: 'styles.css', exact: true }).click();
      await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText(
        'styles.css',
      );
      await audit.check('editor (styles.css open)');
      audit.expectNone();
    });

    test('admin portal, its tabs and dialogs', async ({ page, browser }) => {
      const audit = new Audit(page, theme);
      // Members on each plan and status the badges draw: Pro given without billing, Enterprise
      // active, Pro canceled.
      const members: [string, object][] = [
        ['a11y-gift', { subscriptionPlan: 'pro', subscriptionStatus: 'free' }],
        ['a11y-paying', { subscriptionPlan: 'enterprise', subscriptionStatus: 'active' }],
        ['a11y-lapsed', { subscriptionPlan: 'pro', subscriptionStatus: 'canceled' }],
      ];
      const ids: string[] = [];
      for (const [prefix] of members) {
        const member = await browser.newPage();
        await registerViaApi(member, newAccount(prefix));
        ids.push(await currentUserId(member));
        await member.close();
      }
      await signInAsAdmin(page);
      for (const [index, [, changes]] of members.entries()) {
        await patch(page, `/api/admin/users/${ids[index]}`, changes);
      }
      await page.goto('/dashboard');
      await audit.check(
        'dashboard (administrator)',
        page.getByRole('link', { name: 'Admin Portal' }),
      );
      await page.goto('/admin');
      await audit.check('admin dashboard', page.getByTestId('recent-users'));
      for (const [tab, ready] of [
        ['Users', page.getByTestId('admin-user-row').first()],
        ['Subscriptions', page.getByRole('tabpanel')],
        ['AI Usage', page.getByRole('tabpanel')],
        // The admin's own sign-up and the plan changes above are entries, so the table shows.
        ['Audit log', page.getByTestId('audit-row').first()],
      ] as const) {
        await page.getByRole('tab', { name: tab }).click();
        await audit.check(`admin ${tab}`, ready);
      }
      await page.getByRole('tab', { name: 'Users' }).click();
      const ownRow = page.getByTestId('admin-user-row').filter({ hasText: E2E_ADMIN_EMAIL });
      await ownRow.getByRole('button', { name: /^Edit / }).click();
      await audit.check('edit user dialog', page.getByRole('dialog', { name: 'Edit User' }));
      await closeDialog(page);
      const gift = page.getByTestId('admin-user-row').filter({ hasText: 'a11y-gift' }).first();
      await gift.getByRole('button', { name: /^Edit / }).click();
      await audit.check(
        'edit user dialog (Pro without billing)',
        page.getByTestId('plan-status-note'),
      );
      await closeDialog(page);
      const other = page.getByTestId('admin-user-row').filter({ hasNotText: E2E_ADMIN_EMAIL });
      await other
        .first()
        .getByRole('button', { name: /^Delete / })
        .click();
      await audit.check('delete user dialog', page.getByRole('dialog', { name: 'Delete User' }));
      await closeDialog(page);
      audit.expectNone();
    });
  });
}
