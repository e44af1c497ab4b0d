// Screenshots of the workspace's own tools, the Environment Variables dialog and the terminal,
// in both themes at desktop width, for the guides in docs/. It signs up a fresh user on the server it is
// given, so point it at a server of your own (bubblewrap needed for the terminal):
// npx tsx scripts/screenshots-workspace.ts http://127.0.0.1:5000 [out-dir]
import path from 'node:path';
import type { Page } from '@playwright/test';
import { openScreenshotSession } from './screenshot-session';

const [baseUrl = 'http://127.0.0.1:5000', outDir = 'screenshots/workspace'] = process.argv.slice(2);
const SLOW_MS = 30_000;

const { browser, post, themedContext } = await openScreenshotSession({
  baseUrl,
  outDir,
  label: 'workspace',
});
const project = await post('/api/projects', { name: 'Weather API', templateId: 'blank' });
for (const [key, value] of [
  ['API_KEY', 'sk-live-51HtX9a2b7c'],
  ['DATABASE_URL', 'postgres://app:secret@db.internal:5432/weather'],
  ['GREETING', 'Hello from Kiln'],
]) {
  await post('/api/env-vars', { projectId: project.id, key, value });
}

async function typeLine(page: Page, line: string) {
  await page.keyboard.type(line);
  await page.keyboard.press('Enter');
}

for (const theme of ['dark', 'light'] as const) {
  const context = await themedContext(theme);
  const page = await context.newPage();
  page.setDefaultTimeout(SLOW_MS);
  await page.goto(`${baseUrl}/editor/${project.id}`);
  await page.locator('.monaco-editor .view-lines').first().waitFor();

  await page.getByRole('button', { name: 'Environment variables' }).click();
  const dialog = page.getByRole('dialog', { name: 'Environment Variables' });
  await dialog.getByText('GREETING').waitFor();
  await dialog.getByRole('button', { name: /Show/ }).last().click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(outDir, `env-vars-${theme}.png`) });
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.keyboard.press('ControlOrMeta+Shift+T');
  const rows = page.getByRole('tabpanel', { name: 'Terminal 1' }).locator('.xterm-rows');
  await rows.getByText('$').first().waitFor();
  await typeLine(page, 'node -v && python3 --version && echo "$GREETING"');
  // Typed ahead, the next line would be echoed in the middle of this one's output.
  await rows.getByText('Hello from Kiln', { exact: true }).waitFor();
  await typeLine(page, 'echo "console.log(1 + 1)" > sum.js && node sum.js && ls --color=always');
  await page.getByRole('treeitem', { name: 'sum.js', exact: true }).waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(outDir, `terminal-${theme}.png`) });
  await context.close();
}
await browser.close();
console.log(`screenshots in ${outDir}`);
