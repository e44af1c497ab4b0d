import { createRequire } from 'node:module';
import { THEME_STORAGE_KEY, type Theme } from '@kiln/shared';
import type { Locator, Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { createProject, expect, test } from './fixtures';

/*
 * The screens the create flows added (the full template list, the no-AI notice, the import
 * buttons, the rename dialog, the plan's limit beside New Project, the templates page's
 * buttons), checked by axe-core against WCAG 2.1 A and AA in both themes.
 */

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const AXE_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  resultTypes: ['violations'],
};

// Kiln's Content-Security-Policy forbids inline scripts, which is how axe is put in the page.
test.use({ bypassCSP: true });

/** The violations axe finds in `scope`, as "rule: element" lines, once entrances have finished. */
async function violations(page: Page, scope: Locator): Promise<string[]> {
  await expect(scope).toBeVisible();
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  const results = await scope.evaluate(
    (element, options) =>
      (
        window as unknown as {
          axe: { run: (context: Element, options: RunOptions) => Promise<AxeResults> };
        }
      ).axe.run(element, options),
    AXE_OPTIONS,
  );
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.map(String).join(' ')}`),
  );
}

for (const theme of ['light', 'dark'] as const satisfies readonly Theme[]) {
  test(`the create flows' screens pass axe in the ${theme} theme`, async ({ page, signedIn }) => {
    void signedIn;
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
      THEME_STORAGE_KEY,
      theme,
    ] as const);
    const found: string[] = [];
    const check = async (where: string, scope: Locator) =>
      found.push(...(await violations(page, scope)).map((line) => `${where}: ${line}`));

    await page.route('**/api/ai/status', (route) =>
      route.fulfill({
        json: { configured: false, defaultProvider: null, providers: [], message: 'No AI here.' },
      }),
    );
    await page.goto('/dashboard');
    await createProject(page, 'blank', 'one');
    await createProject(page, 'blank', 'two');
    await createProject(page, 'blank', 'three');
    await page.goto('/dashboard');
    await check('plan limit beside New Project', page.getByTestId('plan-usage'));

    await page.getByRole('button', { name: 'New Project' }).click();
    const dialog = page.getByTestId('create-project-dialog');
    await dialog.getByText('How to turn the AI on').click();
    await check('start screen without AI', dialog);
    await dialog.getByRole('button', { name: 'Browse all 13 templates' }).click();
    await check('template list', dialog.getByRole('list', { name: 'Templates' }));
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Actions for one' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await check('rename dialog', page.getByRole('dialog', { name: 'Rename project' }));
    await page.keyboard.press('Escape');

    await page.goto('/templates');
    await expect(page.getByTestId('template-card').first()).toBeVisible();
    await check('templates page', page.getByRole('main'));

    expect(found).toEqual([]);
  });
}
