// Screenshots of the editor's AI agents panel, mid-run and finished, in both themes at desktop
// width, for the guides in docs/. Point it at a server of your own whose model is the stand-in
// (server/src/test/model-stand-in-server.ts, as the end-to-end suite runs it): its
// `e2e-orchestrate` scenario answers each role slowly enough to catch the agents at work.
// npx tsx scripts/screenshots-agents.ts http://127.0.0.1:5000 [out-dir]
import path from 'node:path';
import type { Page } from '@playwright/test';
import { openScreenshotSession } from './screenshot-session';

const [baseUrl = 'http://127.0.0.1:5000', outDir = 'docs/screenshots'] = process.argv.slice(2);
const SLOW_MS = 60_000;
const REQUEST = '[scenario:e2e-orchestrate] Give the page a new heading and a greeting module';

const { browser, post, themedContext } = await openScreenshotSession({
  baseUrl,
  outDir,
  label: 'agents',
});

async function shot(page: Page, name: string) {
  // Let the spinners and the toast settle into a frame.
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(outDir, name) });
  console.log(`wrote ${name}`);
}

for (const theme of ['dark', 'light'] as const) {
  const project = await post('/api/projects', { name: 'Studio North', templateId: 'html-css' });
  const context = await themedContext(theme);
  const page = await context.newPage();
  page.setDefaultTimeout(SLOW_MS);
  await page.goto(`${baseUrl}/editor/${project.id}`);
  await page.locator('.monaco-editor .view-lines').first().waitFor();

  await page.getByRole('button', { name: 'AI agent', exact: true }).click();
  const panel = page.getByRole('region', { name: 'AI agents' });
  await panel.getByRole('list', { name: 'Agent status' }).waitFor();
  await panel.getByLabel('What do you want to build?').fill(REQUEST);
  await panel.getByRole('button', { name: 'Build' }).click();

  // Mid-run: the plan is in and a later role is at work.
  await panel
    .getByTestId('agent-task-develop')
    .and(page.locator('[data-state=completed]'))
    .waitFor();
  // The open index.html follows the developer's edit.
  await page.locator('.monaco-editor .view-lines').getByText('Built by the Kiln agents').waitFor();
  await panel.locator('[data-testid^="agent-task-"][data-state="in_progress"]').waitFor();
  await shot(page, `agent-panel-running-${theme}.png`);

  await panel.getByTestId('agent-run-status').getByText('Completed').waitFor();
  // The 'Files Updated' toast would cover the results.
  await page.getByRole('button', { name: 'Dismiss notification' }).click();
  // Finished: the panel scrolled (itself, not the page) to the run, its tasks and results.
  await panel.getByRole('heading', { name: 'Latest run' }).evaluate((heading) => {
    const scroller = heading.closest('section')?.children[1];
    if (!scroller) return;
    const offset = heading.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
    scroller.scrollTop += offset - 12;
  });
  await shot(page, `agent-panel-done-${theme}.png`);
  await context.close();
}
await browser.close();
