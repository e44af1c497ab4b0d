import type { Browser, Locator, Page } from '@playwright/test';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './admin-account';
import { expect, newAccount, registerViaApi, test, toast } from './fixtures';

/**
 * Signs the page in as the administrator named by ADMIN_EMAILS: registering it the first time,
 * signing in after that (tests of this file may run at the same time, in any order).
 */
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
  const me = await page.request.get('/api/auth/me');
  expect(((await me.json()) as { user: { isAdmin: boolean } }).user.isAdmin).toBe(true);
}

/** A regular account signed in in a browser context of its own. */
async function otherUser(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const account = newAccount('member');
  await registerViaApi(page, account);
  return { context, page, account };
}

/** The pounds shown on the Dashboard tab's Monthly Revenue card. */
async function monthlyRevenue(page: Page): Promise<number> {
  const text = await page
    .getByRole('group', { name: 'Monthly Revenue' })
    .getByTestId('stat-value')
    .innerText();
  return Number(text.replace(/[£,]/g, ''));
}

const userRow = (page: Page, email: string): Locator =>
  page.getByTestId('admin-user-row').filter({ hasText: email });

/**
 * Holds the next change to a user until `release` is called, so the pending label
 * ('Saving...', 'Deleting...') can be seen.
 */
async function holdUserChange(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let passed: Promise<void> = Promise.resolve();
  await page.route(
    '**/api/admin/users/*',
    (route) => (passed = held.then(() => route.continue())),
    { times: 1 },
  );
  return async () => {
    release();
    await passed;
  };
}

/** Records every call to the admin API, to prove a page never asked for admin data. */
function adminCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/admin')) calls.push(request.url());
  });
  return calls;
}

test.describe('administrator portal', () => {
  test('an administrator changes a plan, sees revenue follow, and deletes the user', async ({
    page,
    browser,
  }) => {
    // Two browsers and a dozen round trips: more than the default budget on a busy machine.
    test.slow();
    await signInAsAdmin(page);
    const member = await otherUser(browser);

    // The entry point sits in the dashboard header, for administrators only.
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Admin Portal' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Admin Portal' })).toBeVisible();
    await expect(page.getByText('Administrator', { exact: true })).toBeVisible();
    for (const card of [
      'Total Users',
      'Total Projects',
      'Active Subscriptions',
      'Monthly Revenue',
    ]) {
      await expect(page.getByRole('group', { name: card })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Subscription Plans' })).toBeVisible();
    await expect(page.getByText('at £19/mo')).toBeVisible();
    await expect(page.getByText('at £99/mo')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Subscription Status' })).toBeVisible();
    await expect(page.getByTestId('recent-users')).toBeVisible();
    const revenueBefore = await monthlyRevenue(page);

    // Users tab: the administrator's own row cannot be deleted, nor its admin flag cleared.
    await page.getByRole('tab', { name: 'Users' }).click();
    await expect(page).toHaveURL(/\/admin\?tab=users$/);
    const ownRow = userRow(page, E2E_ADMIN_EMAIL);
    await expect(ownRow.getByRole('button', { name: /^Delete / })).toBeDisabled();
    await ownRow.getByRole('button', { name: /^Edit / }).click();
    let dialog = page.getByRole('dialog', { name: 'Edit User' });
    await expect(dialog.getByLabel('Administrator')).toBeChecked();
    await expect(dialog.getByLabel('Administrator')).toBeDisabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // Edit the member: Pro, active.
    const row = userRow(page, member.account.email);
    await expect(row).toContainText('Free');
    await row.getByRole('button', { name: `Edit ${member.account.email}` }).click();
    dialog = page.getByRole('dialog', { name: 'Edit User' });
    await expect(dialog.getByLabel('Email')).toHaveValue(member.account.email);
    await expect(dialog.getByLabel('Email')).not.toBeEditable();
    await expect(dialog.getByLabel('Plan').locator('option')).toHaveText([
      'Free',
      'Pro (£19/mo)',
      'Enterprise (£99/mo)',
    ]);
    await expect(dialog.getByLabel('Status').locator('option')).toHaveText([
      'Free',
      'Active',
      'Canceled',
    ]);
    await dialog.getByLabel('Plan').selectOption('pro');
    await dialog.getByLabel('Status').selectOption('active');
    let release = await holdUserChange(page);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    await release();
    await expect(toast(page, 'User updated')).toContainText('User has been successfully updated.');
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Pro');
    await expect(row).toContainText('Active');

    // The member's own dashboard shows the new plan.
    await member.page.goto('/dashboard');
    await expect(member.page.getByText('Pro Plan')).toBeVisible();
    await expect(member.page.getByText('Your subscription is active')).toBeVisible();

    // Subscriptions tab lists the member at £19; the revenue card went up by £19.
    await page.getByRole('tab', { name: 'Subscriptions' }).click();
    const subscription = userRow(page, member.account.email);
    await expect(subscription).toContainText('Pro');
    await expect(subscription).toContainText('£19');
    await expect(subscription.getByRole('button', { name: /^Manage / })).toBeVisible();
    await page.getByRole('tab', { name: 'Dashboard' }).click();
    await expect.poll(() => monthlyRevenue(page)).toBe(revenueBefore + 19);

    // Delete the member from the Users tab.
    await page.getByRole('tab', { name: 'Users' }).click();
    await row.getByRole('button', { name: `Delete ${member.account.email}` }).click();
    dialog = page.getByRole('dialog', { name: 'Delete User' });
    await expect(dialog).toContainText(
      'Are you sure you want to delete this user? This action cannot be undone.',
    );
    await expect(dialog).toContainText(member.account.email);
    release = await holdUserChange(page);
    await dialog.getByRole('button', { name: 'Delete User' }).click();
    await expect(dialog.getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    await release();
    await expect(toast(page, 'User deleted')).toContainText('User has been successfully deleted.');
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(0);
    await page.getByRole('tab', { name: 'Subscriptions' }).click();
    await expect(userRow(page, member.account.email)).toHaveCount(0);
    await page.getByRole('tab', { name: 'Dashboard' }).click();
    await expect.poll(() => monthlyRevenue(page)).toBe(revenueBefore);

    // The deleted member's browser is signed out: the dashboard sends it to the landing page.
    await member.page.goto('/dashboard');
    await expect(member.page).toHaveURL(/\/$/);
    await member.context.close();
  });

  test('on a phone nothing is wider than the screen, and users become cards', async ({
    page,
    browser,
  }) => {
    // A long address, as people have, among the recent users and in the list.
    const long = await browser.newPage();
    const account = newAccount('someone-with-a-really-quite-remarkably-long-email-address');
    await registerViaApi(long, account);
    await long.close();

    await page.setViewportSize({ width: 375, height: 740 });
    await signInAsAdmin(page);
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

    await page.goto('/admin');
    await expect(page.getByTestId('recent-users')).toBeVisible();
    expect(await overflow()).toBe(0);

    await page.getByRole('tab', { name: 'Users' }).click();
    const card = page.getByTestId('admin-user-card').filter({ hasText: account.email });
    await expect(card).toBeVisible();
    await expect(card.getByRole('button', { name: `Edit ${account.email}` })).toBeVisible();
    await expect(page.getByRole('table')).toBeHidden();
    expect(await overflow()).toBe(0);
  });

  test('a signed-in user who is not an administrator is sent to /dashboard', async ({
    page,
    browser,
  }) => {
    // With the administrator registered first, this account cannot be the instance's first.
    const admin = await browser.newPage();
    await signInAsAdmin(admin);
    await admin.close();

    const calls = adminCalls(page);
    await registerViaApi(page, newAccount('not-admin'));
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Your Projects' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Admin Portal' })).toHaveCount(0);

    await page.goto('/admin');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Your Projects' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Admin Portal' })).toHaveCount(0);
    expect(calls).toEqual([]);
  });

  test('a signed-out visitor is sent away from /admin', async ({ page }) => {
    const calls = adminCalls(page);
    await page.goto('/admin');
    // /admin sends them to /dashboard, which sends signed-out visitors home.
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Admin Portal' })).toHaveCount(0);
    expect(calls).toEqual([]);
  });
});

test('the AI Usage tab shows who used the AI this month against their allowance', async ({
  browser,
  page,
}) => {
  // A member asks the planning chat something (the e2e server's model is a local stand-in).
  const member = await otherUser(browser);
  const csrf = (await member.page.context().cookies()).find((c) => c.name === 'csrf_token');
  const chat = await member.page.request.post('/api/ai/chat', {
    data: { messages: [{ role: 'user', content: 'A habit tracker' }] },
    headers: { 'x-csrf-token': csrf?.value ?? '' },
  });
  expect(chat.status()).toBe(200);
  await member.context.close();

  await signInAsAdmin(page);
  await page.goto('/admin?tab=ai-usage');
  await expect(page.getByRole('tab', { name: 'AI Usage', selected: true })).toBeVisible();
  const row = page.getByTestId('ai-usage-row').filter({ hasText: member.account.email });
  await expect(row).toBeVisible();
  await expect(row).toContainText('of 500k');
  await expect(row.getByRole('meter', { name: 'Share of the monthly allowance' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Requests' })).toBeVisible();
});
