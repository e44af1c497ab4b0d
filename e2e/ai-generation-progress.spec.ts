import { createProject, editorReady, expect, test } from './fixtures';

test('the editor follows a generation under way, its files appearing as they are written', async ({
  page,
  signedIn,
}) => {
  void signedIn;
  const id = await createProject(page, 'blank', 'Watched build');
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrf_token');
  // Started as the create dialog does, and not waited for: the person opens the editor early.
  const generation = page.request.post('/api/ai/generate-project', {
    data: { projectId: id, name: 'Watched build', description: '[scenario:e2e-build-slow] A page' },
    headers: { 'x-csrf-token': csrf?.value ?? '' },
    // The scenario thinks for 20 s between its two files.
    timeout: 120_000,
  });
  await page.goto(`/editor/${id}`);
  await editorReady(page);
  const banner = page.getByRole('status').filter({ hasText: 'The AI is building this project' });
  await expect(banner).toBeVisible();
  const tree = page.getByRole('tree', { name: 'Project files' });
  await expect(tree.getByRole('treeitem', { name: /index\.html/ })).toBeVisible();
  expect((await generation).status()).toBe(200);
  await expect(banner).toBeHidden();
  await expect(tree.getByRole('treeitem', { name: /styles\.css/ })).toBeVisible();
  await page.getByRole('tab', { name: 'AI Chat' }).click();
  await expect(page.getByText('Built a page with its styles.')).toBeVisible();
});
