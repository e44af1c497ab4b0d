// Screenshots of the Deploy dialog, both tabs in both themes, for the guides in docs/. Needs a server
// whose VERCEL_API_URL and RAILWAY_API_URL point at the deploy stand-in
// (server/src/test/deploy-stand-in-server.ts, with DEPLOY_STAND_IN_KEY set to the key given
// here) and whose GIT_PRIVATE_HOSTS lets it reach the Git host (e2e/support/git-server-entry.ts),
// where the project's repository is made and linked:
// npx tsx scripts/screenshots-deploy.ts <kiln url> <git host url> <git token> <deploy key> [out-dir]
import path from 'node:path';
import type { Deployment } from '@kiln/shared';
import { openScreenshotSession } from './screenshot-session';

const [baseUrl, gitUrl, gitToken, deployKey, outDir = 'docs/screenshots'] = process.argv.slice(2);
if (!baseUrl || !gitUrl || !gitToken || !deployKey) {
  throw new Error('usage: screenshots-deploy.ts <kiln url> <git url> <git token> <deploy key>');
}
const SLOW_MS = 30_000;

const { browser, setup, post, themedContext } = await openScreenshotSession({
  baseUrl,
  outDir,
  label: 'deploy',
});
const csrf = (await setup.cookies()).find((cookie) => cookie.name === 'csrf_token')?.value ?? '';
const connected = await setup.request.put(`${baseUrl}/api/github/connection`, {
  data: { baseUrl: gitUrl, token: gitToken },
  headers: { 'x-csrf-token': csrf },
});
if (!connected.ok()) throw new Error(`connection: ${connected.status()} ${await connected.text()}`);
const created = await fetch(`${gitUrl}/_e2e/repos`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ owner: 'ada', name: 'weather-app', isPublic: false }),
});
if (created.status !== 201) throw new Error(`repository: ${created.status}`);

const project = await post('/api/projects', { name: 'Weather App', templateId: 'blank' });
await post('/api/github/link', { projectId: project.id, owner: 'ada', repo: 'weather-app' });
await post(`/api/deployment/configs/${project.id}`, {
  platform: 'vercel',
  apiKey: deployKey,
  projectName: 'weather-app',
});
await post(`/api/deployment/configs/${project.id}`, {
  platform: 'railway',
  apiKey: 'a-revoked-railway-token-8c1d',
  projectName: 'weather-app',
});
for (const platform of ['railway', 'vercel']) {
  await post('/api/deployment/deploy', { projectId: project.id, platform });
}
// Both deploys end (the Railway key is refused) before the pictures are taken.
for (let tries = 0; ; tries += 1) {
  const response = await setup.request.get(`${baseUrl}/api/deployment/deployments/${project.id}`);
  const list = (await response.json()) as Deployment[];
  if (list.every((deployment) => deployment.status === 'ready' || deployment.status === 'error')) {
    break;
  }
  if (tries > 60) throw new Error('the deploys did not finish');
  await new Promise((resolve) => setTimeout(resolve, 500));
}

for (const theme of ['dark', 'light'] as const) {
  const context = await themedContext(theme);
  const page = await context.newPage();
  page.setDefaultTimeout(SLOW_MS);
  await page.goto(`${baseUrl}/editor/${project.id}`);
  await page.locator('.monaco-editor .view-lines').first().waitFor();

  await page.getByRole('button', { name: 'Deploy', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Deploy' });
  await dialog.getByRole('link', { name: /Deploy to Vercel/ }).waitFor();
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(outDir, `deploy-links-${theme}.png`) });

  await dialog.getByRole('tab', { name: 'API Configuration' }).click();
  await dialog.getByLabel('Project name').fill('weather-app');
  await dialog.getByTestId('deployment').last().scrollIntoViewIfNeeded();
  await dialog.getByRole('heading', { name: 'Deploy', exact: true }).click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(outDir, `deploy-config-${theme}.png`) });
  await context.close();
}
await browser.close();
console.log(`screenshots in ${outDir}`);
