import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { addFile, createProject, csrfToken, editorReady, expect, test } from './fixtures';
import { publishPackage } from './support/publish-package';
import { skipWithout } from './support/system-programs';

skipWithout('bwrap', 'python3');

/**
 * Installing a project's packages (decision 0016) from a local registry the suite starts
 * (support/verdaccio-server.ts): offered when a run misses one, and from the Packages control.
 */

async function replaceFile(page: Page, projectId: string, path: string, content: string) {
  const entries = (await (await page.request.get(`/api/files/${projectId}/entries`)).json()) as {
    id: string;
    path: string;
  }[];
  const file = entries.find((entry) => entry.path === path);
  if (!file) throw new Error(`${path} is not in the project`);
  const response = await page.request.patch(`/api/files/${file.id}`, {
    data: { content },
    headers: { 'x-csrf-token': await csrfToken(page) },
  });
  expect(response.status()).toBe(200);
}

/** A package.json that depends on the packages named. */
const manifest = (...names: string[]) =>
  `${JSON.stringify(
    {
      name: 'e2e-app',
      private: true,
      dependencies: Object.fromEntries(names.map((name) => [name, '^1.0.0'])),
    },
    null,
    2,
  )}\n`;

const runs = (page: Page) => page.getByTestId('run');
const installs = (page: Page) => page.getByTestId('install');

test.describe('packages', () => {
  // npm in the sandbox, Monaco and real runs on a 2-core machine.
  test.describe.configure({ timeout: 180_000 });

  test('a run missing a package offers the install; after it, the run uses the package', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    const name = `kiln-e2e-greeting-${randomBytes(3).toString('hex')}`;
    await publishPackage({ name, exported: `hello from ${name}` });
    const id = await createProject(page, 'blank', 'Greeting app');
    await addFile(page, id, 'package.json', manifest(name));
    await addFile(page, id, 'use.js', `console.log(require('${name}'));\n`);
    await page.goto(`/editor/${id}`);
    await page.getByRole('treeitem', { name: 'use.js', exact: true }).click();
    await editorReady(page);

    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(runs(page).first()).toContainText(`Cannot find module '${name}'`);
    await expect(runs(page).first()).toContainText(`Hint: '${name}' is listed in package.json`);

    // The Output offers the install and streams it.
    await page.getByRole('button', { name: 'Install packages' }).click();
    await expect(installs(page)).toHaveCount(1);
    await expect(installs(page)).toContainText('Install packages');
    const outcome = installs(page).locator('[data-kind="status"]');
    await expect(outcome).toContainText(/\(\d/, { timeout: 90_000 });
    await expect(installs(page).locator('[data-kind="error"]')).toHaveCount(0);
    await expect(page.getByTestId('run-status')).toHaveText(/^Packages installed in \d/);
    // npm wrote a lockfile: it is one of the project's files now.
    await expect(
      page.getByRole('treeitem', { name: 'package-lock.json', exact: true }),
    ).toBeVisible({ timeout: 15_000 });

    // Run again: the run finds the package.
    await page.getByRole('button', { name: 'Run again' }).click();
    await expect(runs(page)).toHaveCount(2);
    await expect(runs(page).nth(1)).toContainText(`hello from ${name}`);
    await expect(runs(page).nth(1)).toContainText(/Exited with code 0 in \d/);

    // The Packages control shows the install, and keeps the install scripts setting.
    await page.getByRole('button', { name: 'Packages', exact: true }).click();
    const control = page.getByRole('dialog', { name: 'Packages' });
    await expect(control).toContainText('package.json, package-lock.json');
    await expect(control).toContainText('Installed and up to date');
    const scripts = control.getByRole('checkbox', { name: 'Allow install scripts' });
    await expect(scripts).not.toBeChecked();
    await expect(scripts).toHaveAccessibleDescription(/run inside the project.s sandbox/);
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/settings') && response.request().method() === 'PUT',
    );
    await scripts.check();
    await expect(scripts).toBeChecked();
    expect((await saved).status()).toBe(200);
    await page.reload();
    await editorReady(page);
    await page.getByRole('button', { name: 'Packages', exact: true }).click();
    await expect(
      page.getByRole('dialog', { name: 'Packages' }).getByRole('checkbox', {
        name: 'Allow install scripts',
      }),
    ).toBeChecked();
    await page.keyboard.press('Escape');

    // A manifest changed since the install is installed again before the next run.
    const second = `kiln-e2e-farewell-${randomBytes(3).toString('hex')}`;
    await publishPackage({ name: second, exported: `goodbye from ${second}` });
    await replaceFile(page, id, 'package.json', manifest(name, second));
    await addFile(page, id, 'both.js', `console.log(require('${name}'), require('${second}'));\n`);
    await page.reload();
    await page.getByRole('treeitem', { name: 'both.js', exact: true }).click();
    await editorReady(page);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(installs(page)).toHaveCount(1);
    await expect(runs(page)).toHaveCount(1, { timeout: 90_000 });
    await expect(runs(page).first()).toContainText(`hello from ${name} goodbye from ${second}`, {
      timeout: 90_000,
    });
  });

  test('an install that fails says why; npm in the terminal uses the same registry', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    const missing = `kiln-e2e-absent-${randomBytes(3).toString('hex')}`;
    const present = `kiln-e2e-shell-${randomBytes(3).toString('hex')}`;
    await publishPackage({ name: present, exported: `shell got ${present}` });
    const id = await createProject(page, 'blank', 'Broken packages');
    await addFile(page, id, 'package.json', manifest(missing));
    await page.goto(`/editor/${id}`);
    await editorReady(page);

    await page.getByRole('button', { name: 'Packages', exact: true }).click();
    const control = page.getByRole('dialog', { name: 'Packages' });
    await expect(control).toContainText('Not installed');
    await control.getByRole('button', { name: 'Install packages' }).click();
    const install = installs(page);
    await expect(install.locator('[data-kind="error"]')).toContainText(
      `No package named '${missing}' exists in the npm registry`,
      { timeout: 90_000 },
    );
    await expect(page.getByTestId('run-status')).toContainText('Install failed:');
    // Another try is offered, once the manifest is fixed.
    await expect(page.getByRole('button', { name: 'Install packages' })).toBeEnabled();

    // A shell installs through the same proxy (in a folder of its own: the project's manifest
    // names a package that does not exist).
    await page.getByRole('button', { name: 'New shell' }).click();
    const shell = page.getByRole('tabpanel', { name: 'Terminal 1' }).locator('.xterm-rows');
    await expect(shell).toContainText('$', { timeout: 30_000 });
    await page.keyboard.type(
      `mkdir -p /tmp/try && cd /tmp/try && npm install ${present} && node -e "console.log(require('${present}'))"`,
    );
    await page.keyboard.press('Enter');
    await expect(shell).toContainText(`shell got ${present}`, { timeout: 90_000 });
  });
});
