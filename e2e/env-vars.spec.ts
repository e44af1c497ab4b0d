import { createProject, csrfToken, editorReady, expect, test, toast } from './fixtures';

test.describe('environment variables', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a variable is added, masked, revealed, given to a run, and deleted', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    const id = await createProject(page, 'blank', 'Env vars');
    await page.request.post('/api/files', {
      data: {
        projectId: id,
        path: 'show.js',
        content: 'console.log("key=" + process.env.API_KEY);\n',
      },
      headers: { 'x-csrf-token': await csrfToken(page) },
    });
    await page.goto(`/editor/${id}`);
    await editorReady(page);

    await page.getByRole('button', { name: 'Environment variables' }).click();
    const dialog = page.getByRole('dialog', { name: 'Environment Variables' });
    await expect(dialog.getByText('No environment variables yet.')).toBeVisible();

    // Blank fields are refused with the dialog's message, and nothing is stored.
    await dialog.getByRole('button', { name: 'Add Variable' }).click();
    await expect(dialog.getByText('Invalid input: Both key and value are required.')).toBeVisible();

    const secret = 'a-very-long-secret-value-of-forty-characters!';
    await dialog.getByLabel('Key').fill('API_KEY');
    await dialog.getByLabel('Value').fill(secret);
    await dialog.getByRole('button', { name: 'Add Variable' }).click();
    await expect(toast(page, 'Environment variable created')).toBeVisible();

    const list = dialog.getByRole('list', { name: 'Environment variables' });
    await expect(list).toContainText('API_KEY');
    // At most 20 dots, and never the value until revealed.
    await expect(list).toContainText('•'.repeat(20));
    await expect(list).not.toContainText(secret);
    await list.getByRole('button', { name: 'Show API_KEY' }).click();
    await expect(list).toContainText(secret);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('treeitem', { name: 'show.js', exact: true }).click();
    await editorReady(page);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.getByTestId('run').first()).toContainText(`key=${secret}`);

    await page.getByRole('button', { name: 'Environment variables' }).click();
    await dialog.getByRole('button', { name: 'Delete API_KEY' }).click();
    await expect(toast(page, 'Environment variable deleted')).toBeVisible();
    await expect(dialog.getByText('No environment variables yet.')).toBeVisible();
  });
});
