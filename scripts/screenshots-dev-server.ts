// Screenshots of a running React + Vite app in the preview for the guides in docs/: the template's own
// dev server started with Run app, shown at the preview's three sizes, in both themes. It signs
// up a fresh person on the server it is given, whose NPM_REGISTRY_URL must serve the template's
// packages (react, vite): npx tsx scripts/screenshots-dev-server.ts http://127.0.0.1:5000 [out-dir]
import path from 'node:path';
import { openScreenshotSession } from './screenshot-session';

const [baseUrl = 'http://127.0.0.1:5000', outDir = 'docs/screenshots'] = process.argv.slice(2);
const SLOW_MS = 30_000;
/** The first start installs the template's packages. */
const INSTALL_MS = 300_000;

const owner = await openScreenshotSession({ baseUrl, outDir, label: 'owner', name: 'Ada' });
const project = await owner.post('/api/projects', {
  name: 'Task board',
  templateId: 'react-vite',
});

let started = false;
for (const theme of ['light', 'dark'] as const) {
  const context = await owner.themedContext(theme, { width: 1600, height: 1000 });
  const page = await context.newPage();
  page.setDefaultTimeout(SLOW_MS);
  await page.goto(`${baseUrl}/editor/${project.id}`);
  await page.locator('.monaco-editor .view-lines').first().waitFor();
  await page.locator('[role="treeitem"][data-path="src/App.tsx"]').click();
  if (!started) {
    await page.getByRole('button', { name: 'Run app', exact: true }).click();
    started = true;
  }
  await page
    .getByTestId('app-status')
    .filter({ hasText: /^Running/ })
    .waitFor({ state: 'attached', timeout: INSTALL_MS });
  // A page opened while the app already runs starts on the AI Chat tab and the terminal.
  await page.getByRole('tab', { name: 'Preview', exact: true }).click();
  await page.getByRole('tab', { name: 'Output', exact: true }).click();
  const app = page.locator('iframe[title="Preview of Running app"]').contentFrame();
  for (const device of ['Desktop', 'Tablet', 'Mobile'] as const) {
    await page.getByRole('button', { name: device, exact: true }).click();
    await app.getByRole('heading', { name: 'React + Vite' }).waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({
      path: path.join(outDir, `dev-server-react-${device.toLowerCase()}-${theme}.png`),
    });
  }
  await context.close();
}
await owner.browser.close();
