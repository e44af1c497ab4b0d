// Screenshots of sharing a project for the guides in docs/: the owner's Share dialog with an editor and a
// viewer, the editor's dashboard with "Shared with you", and the viewer's read-only editor with
// both people in the Collaboration popover, in both themes. It signs up three fresh people on
// the server it is given, so point it at a server of your own:
// npx tsx scripts/screenshots-members.ts http://127.0.0.1:5000 [out-dir]
import path from 'node:path';
import { openScreenshotSession } from './screenshot-session';

const [baseUrl = 'http://127.0.0.1:5000', outDir = 'docs/screenshots'] = process.argv.slice(2);
const SLOW_MS = 30_000;

const owner = await openScreenshotSession({
  baseUrl,
  outDir,
  label: 'owner',
  name: 'Ada Lovelace',
});
const editor = await openScreenshotSession({
  baseUrl,
  outDir,
  label: 'editor',
  name: 'Grace Hopper',
});
const viewer = await openScreenshotSession({
  baseUrl,
  outDir,
  label: 'viewer',
  name: 'Alan Turing',
});
const project = await owner.post('/api/projects', {
  name: 'Team landing page',
  templateId: 'html-css',
});
await owner.post(`/api/projects/${project.id}/members`, { email: editor.email, role: 'editor' });
await owner.post(`/api/projects/${project.id}/members`, { email: viewer.email, role: 'viewer' });
await editor.post('/api/projects', { name: 'My own sketch', templateId: 'blank' });

for (const theme of ['light', 'dark'] as const) {
  // The owner's Share dialog.
  const ownerContext = await owner.themedContext(theme);
  const ownerPage = await ownerContext.newPage();
  ownerPage.setDefaultTimeout(SLOW_MS);
  await ownerPage.goto(`${baseUrl}/editor/${project.id}`);
  await ownerPage.locator('.monaco-editor .view-lines').first().waitFor();
  await ownerPage.getByRole('button', { name: 'Share (3 people)' }).click();
  await ownerPage.getByTestId('member-row').nth(2).waitFor();
  await ownerPage.waitForTimeout(300);
  await ownerPage.screenshot({ path: path.join(outDir, `members-share-${theme}.png`) });
  await ownerPage.keyboard.press('Escape');

  // The editor's dashboard.
  const editorContext = await editor.themedContext(theme);
  const editorPage = await editorContext.newPage();
  editorPage.setDefaultTimeout(SLOW_MS);
  await editorPage.goto(`${baseUrl}/dashboard`);
  await editorPage.getByTestId('shared-project').first().waitFor();
  await editorPage.waitForTimeout(300);
  await editorPage.screenshot({
    path: path.join(outDir, `members-dashboard-${theme}.png`),
    fullPage: true,
  });

  // The viewer in the editor, with the owner there too.
  const viewerContext = await viewer.themedContext(theme);
  const viewerPage = await viewerContext.newPage();
  viewerPage.setDefaultTimeout(SLOW_MS);
  await viewerPage.goto(`${baseUrl}/editor/${project.id}`);
  await viewerPage.locator('.monaco-editor .view-lines').first().waitFor();
  await viewerPage.getByTestId('view-only-banner').waitFor();
  await viewerPage.getByRole('button', { name: 'Collaboration: 1 other here' }).waitFor();
  await viewerPage.getByTestId('presence-trigger').click();
  await viewerPage.getByTestId('presence-popover').getByText('Ada Lovelace').waitFor();
  await viewerPage.waitForTimeout(300);
  await viewerPage.screenshot({ path: path.join(outDir, `members-viewer-${theme}.png`) });

  await viewerContext.close();
  await editorContext.close();
  await ownerContext.close();
}
for (const session of [owner, editor, viewer]) await session.browser.close();
console.log(`screenshots in ${outDir}`);
