import { expect, newAccount, registerViaApi, test, toast } from './fixtures';
import { deliverSubscriptionEvent, fakeStripeJs, STRIPE_SETTINGS } from './stripe';

interface StripeWindow {
  __stripe: { publishableKey: string; elementsOptions: { clientSecret: string } };
}

// The subscribe page (decision 0010). The server under test talks to a Stripe stand-in
// (e2e/playwright.config.ts) and the browser gets a stand-in Stripe.js (e2e/stripe.ts).

test('a signed-out visitor signs in and comes back to the plan they chose', async ({ page }) => {
  const account = newAccount('subscribe');
  await registerViaApi(page, account);
  await page.context().clearCookies();

  await page.goto('/subscribe?plan=enterprise');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsubscribe%3Fplan%3Denterprise$/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/subscribe\?plan=enterprise$/);
  await expect(page.getByText('£99')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Enterprise features' })).toContainText('SSO & SAML');
});

test('a declined checkout says why and leads back to pricing', async ({ page }) => {
  await fakeStripeJs(page);
  await registerViaApi(page, newAccount('declined'));
  await page.goto('/subscribe?plan=platinum');
  // An unknown plan shows the Pro details.
  await expect(page.getByRole('list', { name: 'Pro features' })).toContainText(
    'Unlimited projects',
  );
  await expect(page.getByText('Unable to load payment form')).toBeVisible();
  await expect(
    toast(page, 'The payment provider could not start the checkout: Your card was declined.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /Subscribe to/ })).toHaveCount(0);
  await page.getByRole('link', { name: 'Return to Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});

test('paying for Pro returns to the dashboard, which shows Pro once Stripe confirms', async ({
  page,
  signedIn: _account,
}) => {
  await fakeStripeJs(page);
  await page.goto('/subscribe?plan=pro');
  const subscribe = page.getByRole('button', { name: 'Subscribe to Pro' });
  await expect(page.getByLabel('Card number')).toBeVisible();
  await expect(subscribe).toBeEnabled();
  const options = await page.evaluate(() => (window as unknown as StripeWindow).__stripe);
  expect(options.publishableKey).toBe(STRIPE_SETTINGS.STRIPE_PUBLISHABLE_KEY);
  expect(options.elementsOptions.clientSecret).toMatch(/^pi_test\d+_secret_abc$/);

  await subscribe.click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toast(page, 'Your plan is being upgraded')).toBeVisible();
  await expect(page.getByText('Free Plan', { exact: true })).toBeVisible();

  // Stripe tells the server the subscription is paid; the dashboard notices on its own.
  const me = await (await page.request.get('/api/auth/me')).json();
  const delivered = await deliverSubscriptionEvent(page.request, {
    id: `evt_e2e_${me.user.id}`,
    userId: me.user.id,
    status: 'active',
    price: STRIPE_SETTINGS.STRIPE_PRICE_PRO,
  });
  expect(delivered.status()).toBe(200);
  await expect(page.getByText('Pro Plan', { exact: true })).toBeVisible();
  await expect(page.getByText('Your subscription is active')).toBeVisible();
  await expect(toast(page, 'You are now on the Pro plan.')).toBeVisible();
});

test('the Pro plan on the pricing page leads to its checkout', async ({
  page,
  signedIn: _account,
}) => {
  await page.goto('/pricing');
  await page.locator('a[href="/subscribe?plan=pro"]').first().click();
  await expect(page).toHaveURL(/\/subscribe\?plan=pro$/);
  await expect(page.getByRole('heading', { name: 'Plan Details' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payment Method' })).toBeVisible();
});
