import type { Page } from '@playwright/test';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './admin-account';
import {
  createProject,
  editorReady,
  expect,
  newAccount,
  registerViaApi,
  test,
  toast,
} from './fixtures';

/**
 * Makes sure the administrator named by ADMIN_EMAILS exists (other specs may have made it
 * already), then signs it in through the sign-in page, as a person does.
 */
async function signInAsAdmin(page: Page) {
  const account = { email: E2E_ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD, name: 'Portal Admin' };
  const setup = await page.context().browser()!.newContext();
  const setupPage = await setup.newPage();
  await setupPage.goto('/api/health');
  const csrf = (await setup.cookies()).find((cookie) => cookie.name === 'csrf_token')?.value;
  const registered = await setupPage.request.post('/api/auth/register', {
    data: account,
    headers: { 'x-csrf-token': csrf ?? '' },
  });
  expect([201, 409]).toContain(registered.status());
  await setup.close();

  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test.describe('audit log', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an administrator sees an env var someone added, by name only, and filters to it', async ({
    page,
    browser,
  }) => {
    await signInAsAdmin(page);
    await page.getByRole('link', { name: 'Admin Portal' }).click();
    await page.getByRole('tab', { name: 'Audit log' }).click();
    await expect(page).toHaveURL(/tab=audit-log/);
    await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();

    // Someone else, in a browser of their own, adds a variable in the editor.
    const owner = newAccount('audited');
    const ownerContext = await browser.newContext();
    const ownerPage = await ownerContext.newPage();
    await registerViaApi(ownerPage, owner);
    const projectName = `Audited ${owner.email.slice(8, 16)}`;
    const projectId = await createProject(ownerPage, 'blank', projectName);
    await ownerPage.goto(`/editor/${projectId}`);
    await editorReady(ownerPage);
    await ownerPage.getByRole('button', { name: 'Environment variables' }).click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Environment Variables' });
    const key = `AUDIT_${owner.email.slice(8, 16).toUpperCase()}`;
    const secret = `audit-secret-${owner.password}`;
    await dialog.getByLabel('Key').fill(key);
    await dialog.getByLabel('Value').fill(secret);
    await dialog.getByRole('button', { name: 'Add Variable' }).click();
    await expect(toast(ownerPage, 'Environment variable created')).toBeVisible();
    await ownerContext.close();

    // The administrator's tab shows it once refreshed: who, what, where, which name.
    await page.getByRole('button', { name: 'Refresh' }).click();
    const entry = page.getByTestId('audit-row').filter({ hasText: key });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(owner.email);
    await expect(entry).toContainText('Env var created');
    await expect(entry).toContainText(projectName);
    await expect(page.locator('main')).not.toContainText(secret);

    // Filtered by who and what, it is the only entry.
    await page.getByLabel('Who').fill(owner.email);
    await page.getByLabel('Action').selectOption({ label: 'Env var created' });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.getByTestId('audit-row')).toHaveCount(1);
    await expect(page.getByTestId('audit-row')).toContainText(key);

    // Another action for the same person finds nothing, and says so.
    await page.getByLabel('Action').selectOption({ label: 'Env var deleted' });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.getByText('No entries match these filters.')).toBeVisible();

    // Back to everything this person did, then narrowed to the project an entry names.
    await page.getByLabel('Action').selectOption({ label: 'All actions' });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.getByTestId('audit-row').filter({ hasText: 'Signed up' })).toHaveCount(1);
    await page
      .getByTestId('audit-row')
      .filter({ hasText: key })
      .getByRole('button', { name: `Show only entries of project ${projectName}` })
      .click();
    await expect(page.getByLabel('Project id')).toHaveValue(projectId);
    await expect(page.getByTestId('audit-row')).toHaveCount(1);
    await expect(page.getByTestId('audit-row')).toContainText(key);

    // Clear shows every entry again.
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(page.getByLabel('Who')).toHaveValue('');
    await expect.poll(() => page.getByTestId('audit-row').count()).toBeGreaterThan(1);
  });

  test('a filter the server refuses says why, and the tab is for administrators only', async ({
    page,
    browser,
  }) => {
    await signInAsAdmin(page);
    await page.goto('/admin?tab=audit-log');
    await page.getByLabel('Project id').fill('not-a-project');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Could not load the audit log' });
    await expect(alert).toContainText('projectId must be a project id');

    const member = await browser.newContext();
    const memberPage = await member.newPage();
    await registerViaApi(memberPage, newAccount('not-admin'));
    const calls: string[] = [];
    memberPage.on('request', (request) => {
      if (request.url().includes('/api/admin/audit')) calls.push(request.url());
    });
    await memberPage.goto('/admin?tab=audit-log');
    await expect(memberPage).toHaveURL(/\/dashboard$/);
    expect(calls).toEqual([]);
    await member.close();
  });
});
