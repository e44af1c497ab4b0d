import type { Browser, Page } from '@playwright/test';
import {
  createProject,
  editorReady,
  expect,
  newAccount,
  registerViaApi,
  test,
  toast,
  type Account,
} from './fixtures';

/** A second person, signed up in a browser of their own. */
async function secondPerson(browser: Browser, prefix: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const account = newAccount(prefix);
  await registerViaApi(page, account);
  return { context, page, account };
}

/** The owner opens Share in the editor and invites `account` with `role`. */
async function invite(page: Page, account: Account, role: 'Editor' | 'Viewer') {
  await page.getByRole('button', { name: /^Share/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: /^Share / })).toBeVisible();
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Role', { exact: true }).selectOption({ label: role });
  await dialog.getByRole('button', { name: 'Invite' }).click();
  await expect(toast(page, `${account.email} can now`)).toBeVisible();
  await expect(dialog.getByTestId('member-row').filter({ hasText: account.email })).toContainText(
    role === 'Editor' ? 'Editor' : 'Viewer',
  );
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
}

test.describe('working together', () => {
  test('an owner shares a project; the editor finds it, both see each other, and a save reaches the other', async ({
    page,
    browser,
    signedIn,
  }) => {
    const id = await createProject(page, 'html-css', 'Team site');
    await page.goto(`/editor/${id}`);
    await editorReady(page);
    const editor = await secondPerson(browser, 'editor');
    await invite(page, editor.account, 'Editor');
    await expect(page.getByRole('button', { name: 'Share (2 people)' })).toBeVisible();

    // The editor finds it on their dashboard, marked as shared, and opens it.
    await editor.page.goto('/dashboard');
    const card = editor.page.getByTestId('shared-project').filter({ hasText: 'Team site' });
    await expect(card).toContainText('Shared · Editor');
    await expect(card).toContainText(`${signedIn.name}’s project`);
    await card.getByRole('link', { name: 'Team site' }).click();
    await expect(editor.page).toHaveURL(new RegExp(`/editor/${id}$`));
    await editorReady(editor.page);

    // Each sees the other in the header, by name.
    await expect(page.getByTestId('presence-trigger')).toHaveAccessibleName(
      'Collaboration: 1 other here',
    );
    // Each sees the other's open file: the editor moves to styles.css.
    await editor.page.getByRole('treeitem', { name: 'styles.css' }).click();
    await page.getByTestId('presence-trigger').click();
    const ownerRows = page.getByTestId('presence-popover').getByTestId('collaborator');
    await expect(ownerRows.filter({ hasText: editor.account.name })).toContainText('styles.css');
    await page.keyboard.press('Escape');
    await editor.page.getByTestId('presence-trigger').click();
    const rows = editor.page.getByTestId('presence-popover').getByTestId('collaborator');
    await expect(rows.filter({ hasText: signedIn.name })).toContainText('index.html');
    await editor.page.keyboard.press('Escape');
    await editor.page.getByRole('treeitem', { name: 'index.html' }).click();

    // The editor changes index.html and saves; the owner's open copy follows.
    const theirLines = editor.page.locator('.monaco-editor .view-lines').first();
    await theirLines.click();
    await editor.page.keyboard.press('ControlOrMeta+End');
    await editor.page.keyboard.type('\n<!-- added by the editor -->');
    await editor.page.keyboard.press('ControlOrMeta+s');
    await expect(editor.page.getByTestId('save-status')).toHaveText(/^(Saved|Saved just now)$/);
    const ownerLines = page.locator('.monaco-editor .view-lines').first();
    await ownerLines.click();
    await expect(async () => {
      await page.keyboard.press('ControlOrMeta+End');
      await expect(ownerLines).toContainText('added by the editor', { timeout: 1000 });
    }).toPass();

    // Secrets and deploys stay the owner's.
    await expect(
      editor.page.getByRole('button', { name: 'Environment variables' }),
    ).toHaveAttribute('aria-disabled', 'true');
    await editor.context.close();
  });

  test('a viewer reads and previews but changes nothing, and can leave', async ({
    page,
    browser,
    signedIn,
  }) => {
    const id = await createProject(page, 'html-css', 'Read me');
    await page.goto(`/editor/${id}`);
    await editorReady(page);
    const viewer = await secondPerson(browser, 'viewer');
    await invite(page, viewer.account, 'Viewer');

    await viewer.page.goto(`/editor/${id}`);
    await editorReady(viewer.page);
    await expect(viewer.page.getByTestId('view-only-banner')).toContainText(
      `ask ${signedIn.name} to make you an editor`,
    );
    await expect(viewer.page.getByRole('button', { name: 'New File' })).toHaveCount(0);
    await expect(viewer.page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    // Typing changes nothing: the editor is read-only.
    const lines = viewer.page.locator('.monaco-editor .view-lines').first();
    await lines.click();
    await viewer.page.keyboard.type('vandalism');
    await expect(lines).not.toContainText('vandalism');
    await expect(viewer.page.getByTestId('unsaved-dot')).toHaveCount(0);
    // The preview is there for them.
    await expect(
      viewer.page.frameLocator('iframe[title="Preview of index.html"]').locator('body'),
    ).not.toBeEmpty();

    // They leave, and land on their dashboard without it.
    await viewer.page.getByRole('button', { name: /^Share/ }).click();
    await viewer.page.getByRole('dialog').getByRole('button', { name: 'Leave' }).click();
    await expect(viewer.page).toHaveURL(/\/dashboard$/);
    await expect(toast(viewer.page, 'You left Read me')).toBeVisible();
    await expect(viewer.page.getByTestId('shared-project')).toHaveCount(0);
    await viewer.context.close();
  });

  test('an editor removed from the project loses the terminal they had open, told why', async ({
    page,
    browser,
    signedIn,
  }) => {
    void signedIn;
    test.setTimeout(180_000);
    const id = await createProject(page, 'blank', 'Revoked shell');
    await page.goto(`/editor/${id}`);
    await editorReady(page);
    const editor = await secondPerson(browser, 'removed');
    await invite(page, editor.account, 'Editor');

    // The editor opens a shell in the project.
    await editor.page.goto(`/editor/${id}`);
    await editorReady(editor.page);
    await editor.page.locator('.monaco-editor .view-lines').first().click();
    await editor.page.keyboard.press('ControlOrMeta+Shift+T');
    const shell = editor.page.getByRole('tabpanel', { name: 'Terminal 1' });
    await expect(shell.locator('.xterm-rows')).toContainText('$', { timeout: 60_000 });

    // The owner removes them; their shell ends at once, with the reason on screen.
    await page.getByRole('button', { name: /^Share/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: `Remove ${editor.account.name}` }).click();
    await expect(toast(page, `${editor.account.name} was removed`)).toBeVisible();
    await expect(shell.getByTestId('shell-status')).toHaveText(
      'Closed: You were removed from this project, so this terminal was closed.',
      { timeout: 10_000 },
    );
    await editor.context.close();
  });
});
