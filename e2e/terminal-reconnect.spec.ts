import type { Page } from '@playwright/test';
import { baseURL } from './playwright.config';
import { createProject, editorReady, expect, test } from './fixtures';
import { skipWithout } from './support/system-programs';
import { TcpProxy } from './support/tcp-proxy';

skipWithout('bwrap', 'python3');

/**
 * A dropped connection: the page reaches the server through a relay the test cuts, as a network
 * does. The terminal comes back to the same shell, or says it could not; presence leaves and
 * joins again, as another tab sees.
 */

const screen = (page: Page) =>
  page.getByRole('tabpanel', { name: 'Terminal 1' }).locator('.xterm-rows');
const status = (page: Page) =>
  page.getByRole('tabpanel', { name: 'Terminal 1' }).getByTestId('shell-status');

async function command(page: Page, line: string) {
  await page.keyboard.type(line);
  await page.keyboard.press('Enter');
}

test.describe('terminal over a dropped connection', () => {
  test.describe.configure({ timeout: 120_000 });
  let proxy: TcpProxy;
  test.beforeEach(async () => {
    proxy = await TcpProxy.start(Number(new URL(baseURL).port));
  });
  test.afterEach(() => proxy.close());

  test('keeps the shell, shows what it printed meanwhile, and says when a shell was lost', async ({
    page,
    browser,
    signedIn,
  }) => {
    void signedIn;
    const id = await createProject(page, 'blank', 'Dropped');
    // The session cookie is the host's, whatever the port: the relay's page is signed in.
    await page.goto(`${proxy.origin}/editor/${id}`);
    await editorReady(page);
    await page.getByRole('button', { name: 'New shell' }).click();
    const shell = screen(page);
    await expect(shell).toContainText('$', { timeout: 30_000 });
    // Another window on the project, not through the relay, watches this one come and go (a
    // window of its own: a background tab's timers are slowed down).
    const watching = await browser.newContext({
      baseURL,
      storageState: await page.context().storageState(),
    });
    const watcher = await watching.newPage();
    await watcher.goto(`/editor/${id}`);
    await editorReady(watcher);
    const presence = watcher.getByTestId('presence-trigger');
    await expect(presence).toHaveAttribute('aria-label', 'Collaboration: 1 other here');

    await command(page, 'export MARK=still-here');
    await command(page, 'sleep 2; echo "printed-while-$((1 + 1))-away"');
    await expect(shell).toContainText('sleep 2');
    proxy.setDown(true);
    await expect(status(page)).toContainText('Connection lost: reconnecting');
    await expect(presence).toHaveAttribute('aria-label', 'Collaboration: nobody else here');
    await page.getByTestId('presence-trigger').click();
    await expect(page.getByText('Disconnected: reconnecting')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.waitForTimeout(2_500);
    proxy.setDown(false);
    await expect(presence).toHaveAttribute('aria-label', 'Collaboration: 1 other here', {
      timeout: 40_000,
    });

    await expect(status(page)).toHaveText('Reconnected: the shell kept running.');
    await expect(shell).toContainText('printed-while-2-away');
    // The focus went to the presence popover; xterm draws over its rows, hence force.
    await shell.click({ force: true });
    await command(page, 'echo "mark=[$MARK]"');
    await expect(shell).toContainText('mark=[still-here]');

    // The shell ends while the connection is down: the tab gets a new one and says so.
    await command(page, 'sleep 1; kill -9 $$');
    proxy.setDown(true);
    await page.waitForTimeout(2_000);
    proxy.setDown(false);
    await expect(status(page)).toHaveText(
      'Reconnected, but the shell had ended: this is a new shell.',
    );
    await expect(shell).toContainText('this is a new shell');
    await command(page, 'echo "mark=[$MARK]"');
    await expect(shell).toContainText('mark=[]');
    await watching.close();
  });
});
