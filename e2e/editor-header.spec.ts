import type { Page } from '@playwright/test';
import { createProject, editorReady, expect, test, toast } from './fixtures';

/**
 * The editor header: Run is offered only for files Kiln runs and says why otherwise, to the
 * mouse and the keyboard alike; and the project is renamed by clicking its name.
 */

async function openFromTree(page: Page, filePath: string) {
  await page.locator(`[role="treeitem"][data-path="${filePath}"]`).click();
  await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText(filePath);
}

async function projectName(page: Page, id: string) {
  const response = await page.request.get(`/api/projects/${id}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { name: string }).name;
}

test.describe('editor header', () => {
  // Loads Monaco on a 2-core machine.
  test.describe.configure({ timeout: 120_000 });

  test('Run is unavailable for a page or a Markdown file, with its reason on hover and on focus', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    const id = await createProject(page, 'html-css', 'Run reasons');
    await page.goto(`/editor/${id}`);
    await editorReady(page);
    const run = page.getByRole('button', { name: 'Run', exact: true });
    const tooltip = page.getByRole('tooltip');

    // index.html: a page, which the Preview tab shows.
    await expect(run).toBeDisabled();
    await expect(run).toHaveAccessibleDescription(
      /^index\.html is a web page: open the Preview tab \((Ctrl\+Shift\+P|⇧⌘P)\) to see it$/,
    );
    await run.hover();
    await expect(tooltip).toContainText('index.html is a web page: open the Preview tab');

    // By keyboard: Tab from Save reaches Run, whose reason shows while it has focus.
    await page.mouse.move(0, 300, { steps: 5 });
    await expect(tooltip).toHaveCount(0);
    await page.getByRole('button', { name: 'Save' }).focus();
    await page.keyboard.press('Tab');
    await expect(run).toBeFocused();
    await expect(tooltip).toContainText('index.html is a web page: open the Preview tab');
    // Enter on it runs nothing.
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('run')).toHaveCount(0);

    // README.md: not a kind of file Kiln runs, and the reason says which kinds are.
    await openFromTree(page, 'README.md');
    await expect(run).toBeDisabled();
    const readmeReason =
      'README.md cannot be run: Kiln runs JavaScript (.js, .mjs, .cjs), TypeScript (.ts, .mts, .cts) or Python (.py) files';
    await expect(run).toHaveAccessibleDescription(readmeReason);
    await run.hover();
    await expect(tooltip).toContainText(readmeReason);
    // Its shortcut says the same instead of running.
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect(toast(page, 'Nothing to run')).toContainText(readmeReason);
    await expect(page.getByTestId('run')).toHaveCount(0);

    // The stylesheet of the page points at the preview; the script runs.
    await openFromTree(page, 'styles.css');
    await expect(run).toHaveAccessibleDescription(
      /^styles\.css styles a web page: open the Preview/,
    );
    await openFromTree(page, 'script.js');
    await expect(run).toBeEnabled();
    await expect(run).toHaveAccessibleDescription(/^Run script\.js \((Ctrl\+Enter|⌘Enter)\)$/);

    // Buttons that are available say what they do.
    const github = page.getByRole('button', { name: 'GitHub' });
    await expect(github).toBeEnabled();
    await github.hover();
    await expect(tooltip).toContainText('GitHub: link, import, push and pull this project');
  });

  test('renames the project from its name in the header', async ({ page, signedIn }) => {
    void signedIn;
    const id = await createProject(page, 'blank', 'First name');
    await page.goto(`/editor/${id}`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText('First name');
    const nameButton = heading.getByRole('button', { name: 'First name' });
    const field = page.getByRole('textbox', { name: 'Project name' });

    // Esc cancels.
    await nameButton.click();
    await expect(field).toBeFocused();
    await expect(field).toHaveValue('First name');
    await field.fill('Not kept');
    await page.keyboard.press('Escape');
    await expect(field).toHaveCount(0);
    await expect(heading).toHaveText('First name');
    await expect(nameButton).toBeFocused();
    expect(await projectName(page, id)).toBe('First name');

    // Enter saves, and the keyboard is back on the name.
    await page.keyboard.press('Enter');
    await expect(field).toBeFocused();
    await field.fill('  Second name ');
    await page.keyboard.press('Enter');
    await expect(field).toHaveCount(0);
    await expect(heading).toHaveText('Second name');
    await expect(heading.getByRole('button', { name: 'Second name' })).toBeFocused();
    await expect.poll(() => projectName(page, id)).toBe('Second name');

    // A blank name is refused before any request.
    await heading.getByRole('button').click();
    await field.fill('   ');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'Name is required' })).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await page.keyboard.press('Escape');
    await expect(heading).toHaveText('Second name');

    // A name the server refuses (one of the user's other projects, say) shows its message.
    const message = 'You already have a project named “Taken”';
    await page.route(`**/api/projects/${id}`, (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 409,
            contentType: 'application/json',
            body: JSON.stringify({ error: message, code: 'CONFLICT' }),
          })
        : route.fallback(),
    );
    await heading.getByRole('button').click();
    await field.fill('Taken');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
    await expect(field).toHaveValue('Taken');
    await expect(field).toHaveAccessibleDescription(message);
    await page.keyboard.press('Escape');
    await expect(heading).toHaveText('Second name');
    expect(await projectName(page, id)).toBe('Second name');
  });
});
