import { createProject, editorReady, expect, test, toast } from './fixtures';

/*
 * The e2e server's model is a local stand-in (server/src/test/model-stand-in): a message naming
 * `[scenario:e2e-edit]` gets a turn that reads index.html and changes its heading.
 */
test.describe('the AI agent in the editor', () => {
  test('changes the open file as its steps stream in, and Undo puts it back', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    const id = await createProject(page, 'html-css', 'Agent site');
    await page.goto(`/editor/${id}`);
    await editorReady(page);
    const code = page.locator('.monaco-editor').first();
    await expect(code).toContainText('We build calm, fast websites');

    await page.getByRole('tab', { name: 'AI Chat' }).click();
    const chat = page.getByRole('region', { name: 'AI chat' });
    await chat
      .getByLabel('Message', { exact: true })
      .fill('[scenario:e2e-edit] Make the heading say an AI edited it');
    await chat.getByLabel('Message', { exact: true }).press('Enter');

    const steps = chat.getByRole('list', { name: 'Steps' });
    await expect(steps.getByText('Reading index.html')).toBeVisible();
    await expect(steps.getByText('Editing index.html')).toBeVisible();
    await expect(chat.getByText('I changed the heading in index.html.')).toBeVisible();
    await expect(chat.getByRole('region', { name: 'Files Updated' })).toContainText('index.html');
    await expect(toast(page, 'Modified 1 file(s)')).toBeVisible();
    // The open editor shows the agent's text without a reload.
    await expect(code).toContainText('Edited by the AI. We build calm, fast websites');

    // A reload shows the conversation, kept on the server.
    await page.reload();
    await editorReady(page);
    await page.getByRole('tab', { name: 'AI Chat' }).click();
    await expect(chat.getByText('I changed the heading in index.html.')).toBeVisible();

    await chat.getByRole('button', { name: 'Undo the changes of this turn' }).click();
    await expect(chat.getByRole('button', { name: 'Undone' })).toBeVisible();
    await expect(code).not.toContainText('Edited by the AI');
    await expect(code).toContainText('We build calm, fast websites');
  });
});
