import { expect, logOut, newAccount, registerViaApi, test, toast } from './fixtures';
import { latestMailTo } from './outbox';

test.describe('registration', () => {
  test('through the register screen lands on the dashboard', async ({ page }) => {
    const account = newAccount('screen');
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
    await page.getByLabel('Username').fill(`user${account.email.slice(7, 15)}`);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm Password').fill(account.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Your Projects' })).toBeVisible();
    await expect(toast(page, 'Account created!')).toBeVisible();
    await expect(page.getByText('Please verify your email address.')).toBeVisible();
  });

  test('a password mismatch shows a toast and sends nothing', async ({ page }) => {
    const account = newAccount('mismatch');
    const registerCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/register')) registerCalls.push(request.url());
    });
    await page.goto('/register');
    await page.getByLabel('Username').fill('mismatcher');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('first-password');
    await page.getByLabel('Confirm Password').fill('second-password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(toast(page, "Passwords don't match")).toBeVisible();
    await expect(toast(page, 'Please make sure your passwords match')).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
    expect(registerCalls).toEqual([]);
  });

  test('through the landing dialog, with the short-password hint', async ({ page }) => {
    const account = newAccount('dialog');
    await page.goto('/');
    await page.getByRole('button', { name: 'Start Building Free' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('tab', { name: 'Register' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(dialog.getByText('Must be at least 6 characters')).toBeVisible();
    await dialog.getByLabel('Email').fill(account.email);
    await dialog.getByLabel('Password').fill('12345');
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await expect(dialog.getByText('Password must be at least 6 characters')).toBeVisible();
    await dialog.getByLabel('Password').fill(account.password);
    await dialog.getByLabel('Name (optional)').fill(account.name);
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(toast(page, 'Your account has been successfully created')).toBeVisible();
    // Just signed up: a welcome, not "welcome back".
    await expect(page.getByText(`Welcome to Kiln, ${account.name}.`)).toBeVisible();
  });

  test('a taken email shows the server message', async ({ page }) => {
    const account = newAccount('taken');
    await registerViaApi(page, account);
    await page.context().clearCookies();
    await page.goto('/');
    await page.getByRole('button', { name: 'Get Started', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(account.email.toUpperCase());
    await dialog.getByLabel('Password').fill(account.password);
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await expect(toast(page, 'Registration failed')).toBeVisible();
    await expect(toast(page, 'An account with this email already exists')).toBeVisible();
  });
});

test.describe('signing in and out', () => {
  test('log out, then log in on the screen and in the dialog', async ({ page }) => {
    const account = newAccount('cycle');
    await registerViaApi(page, account);
    await page.goto('/dashboard');
    await logOut(page);
    await expect(toast(page, 'Logged out')).toBeVisible();

    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(toast(page, 'Successfully logged in')).toBeVisible();
    await expect(page.getByText(`Welcome back, ${account.name}.`)).toBeVisible();

    await logOut(page);
    await page.getByRole('button', { name: 'Sign In' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(account.email);
    await dialog.getByLabel('Password').fill(account.password);
    await dialog.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(toast(page, "You've been successfully logged in")).toBeVisible();
  });

  test('a wrong password is refused with the server message', async ({ page }) => {
    const account = newAccount('wrong');
    await registerViaApi(page, account);
    await page.context().clearCookies();
    await page.goto('/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(toast(page, 'Login failed')).toBeVisible();
    await expect(toast(page, 'Invalid email or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('signed-in visitors of / go to the dashboard; signed-out visitors of /dashboard go to /', async ({
    page,
  }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Start Building Free' })).toBeVisible();

    await registerViaApi(page, newAccount('redirect'));
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test('forgotten password: the emailed link sets a new one and signs in', async ({ page }) => {
  const account = newAccount('reset');
  await registerViaApi(page, account);
  await page.context().clearCookies();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  const mail = await latestMailTo(account.email, /reset/i);
  await page.goto(new URL(mail.link ?? '').pathname + new URL(mail.link ?? '').search);
  await page.getByLabel('New password', { exact: true }).fill('a-brand-new-password');
  await page.getByLabel('Confirm new password').fill('a-brand-new-password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await logOut(page);
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill('a-brand-new-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the emailed verification link verifies the address', async ({ page }) => {
  const account = newAccount('verify');
  await registerViaApi(page, account);
  const mail = await latestMailTo(account.email, /verify/i);
  const link = new URL(mail.link ?? '');
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Your Projects' })).toBeVisible();
  await expect(page.getByText('Please verify your email address.')).toHaveCount(0);
});
