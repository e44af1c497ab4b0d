import { expect, test, toast } from './fixtures';

/*
 * The e2e server's model is a local stand-in (server/src/test/model-stand-in): the description
 * names the planning scenario, whose plan names the build scenario the generation follows.
 */
test.describe('creating a project with the AI', () => {
  test('plan it in the create dialog, create it, and the editor opens on what was built', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'New Project' }).click();
    const dialog = page.getByTestId('create-project-dialog');
    await dialog
      .getByLabel('Describe what you want to make')
      .fill('[scenario:e2e-plan] A counter with a button');
    await dialog.getByRole('button', { name: 'Start chat' }).click();
    await expect(dialog.getByText(/Here is the plan: a one-page counter/)).toBeVisible();

    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(toast(page, 'Project created')).toBeVisible();
    await expect(page).toHaveURL(/\/editor\//);
    const tree = page.getByRole('tree', { name: 'Project files' });
    await expect(tree.getByRole('treeitem', { name: /counter\.js/ })).toBeVisible();
    await expect(tree.getByRole('treeitem', { name: /index\.html/ })).toBeVisible();
  });
});
