// Screenshots of a Quick Actions proposal (Improve, as a side-by-side diff) in both themes at
// desktop width, for the guides in docs/. It signs up a fresh user on the server it is given, whose
// model must be the stand-in (server/src/test/model-stand-in-server.ts, with OPENAI_BASE_URL
// pointing at it), since the file names the stand-in's `e2e-improve` scenario:
// npx tsx scripts/screenshots-quick-actions.ts http://127.0.0.1:5000 [out-dir]
import path from 'node:path';
import { openScreenshotSession } from './screenshot-session';

const [baseUrl = 'http://127.0.0.1:5000', outDir = 'docs/screenshots'] = process.argv.slice(2);
/** A fresh browser loads and parses about 4 MB of Monaco: on 2 cores that can take 10 s. */
const SLOW_MS = 30_000;

const SOURCE = `// [scenario:e2e-improve]
function add(a, b) {
  return a + b;
}

module.exports = { add };
`;

const { browser, post, themedContext } = await openScreenshotSession({
  baseUrl,
  outDir,
  label: 'quick-actions',
});
const project = await post('/api/projects', { name: 'Arithmetic', templateId: 'blank' });
await post('/api/files', { projectId: project.id, path: 'math.js', content: SOURCE });

for (const theme of ['light', 'dark'] as const) {
  const context = await themedContext(theme);
  const page = await context.newPage();
  page.setDefaultTimeout(SLOW_MS);
  await page.goto(`${baseUrl}/editor/${project.id}`);
  await page.locator('[role="treeitem"][data-path="math.js"]').click();
  await page.locator('.monaco-editor .view-lines').first().waitFor();
  await page.getByRole('tab', { name: 'Quick Actions' }).click();
  await page
    .getByRole('region', { name: 'Quick actions' })
    .getByRole('button', { name: 'Improve' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Improve: math.js' });
  await dialog.getByTestId('quick-action-diff').getByText('=>').first().waitFor();
  // The diff's decorations and its folded regions settle a moment after the text.
  await page.waitForTimeout(800);
  await page.screenshot({ path: path.join(outDir, `quick-action-diff-${theme}.png`) });
  await context.close();
}
await browser.close();
console.log(`screenshots in ${outDir}`);
