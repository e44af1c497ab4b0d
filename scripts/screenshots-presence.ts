// Screenshots of live presence for the guides in docs/: the same project open in two browsers (the
// second on another file), the first with its Collaboration popover open, in both themes at
// desktop width. It signs up a fresh user on the server it is given, so point it at a server of
// your own: npx tsx scripts/screenshots-presence.ts http://127.0.0.1:5000 [out-dir]
import path from 'node:path';
import { openScreenshotSession } from './screenshot-session';

const [baseUrl = 'http://127.0.0.1:5000', outDir = 'docs/screenshots'] = process.argv.slice(2);
const SLOW_MS = 30_000;

const { browser, post, themedContext } = await openScreenshotSession({
  baseUrl,
  outDir,
  label: 'presence',
});
const project = await post('/api/projects', { name: 'Landing page', templateId: 'html-css' });

for (const theme of ['light', 'dark'] as const) {
  const context = await themedContext(theme);
  const page = await context.newPage();
  page.setDefaultTimeout(SLOW_MS);
  const otherContext = await themedContext(theme);
  const other = await otherContext.newPage();
  other.setDefaultTimeout(SLOW_MS);
  await page.goto(`${baseUrl}/editor/${project.id}`);
  await other.goto(`${baseUrl}/editor/${project.id}`);
  await page.locator('.monaco-editor .view-lines').first().waitFor();
  await other.locator('.monaco-editor .view-lines').first().waitFor();
  await other.getByRole('treeitem', { name: 'styles.css' }).click();

  const trigger = page.getByTestId('presence-trigger');
  await page.getByRole('button', { name: 'Collaboration: 1 other here' }).waitFor();
  await trigger.click();
  const popover = page.getByTestId('presence-popover');
  await popover.getByText('styles.css').waitFor();
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(outDir, `presence-${theme}.png`) });
  await otherContext.close();
  await context.close();
}
await browser.close();
console.log(`screenshots in ${outDir}`);
