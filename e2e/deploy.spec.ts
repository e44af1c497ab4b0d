import { createProject, editorReady, expect, test, toast } from './fixtures';
import { E2E_DEPLOY_KEY } from './support/deploy-stand-in';

test.describe('deploy', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a Vercel configuration is saved and Deploy now reaches ready with its address', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    const id = await createProject(page, 'blank', 'Deploy me');
    await page.goto(`/editor/${id}`);
    await editorReady(page);

    await page.getByRole('button', { name: 'Deploy', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Deploy' });
    // Not linked to GitHub: every platform's link says what to do first.
    await expect(dialog.getByRole('button', { name: /Link GitHub First/ })).toHaveCount(3);
    await expect(dialog.getByRole('button', { name: /Link GitHub First/ }).first()).toBeDisabled();

    await dialog.getByRole('tab', { name: 'API Configuration' }).click();
    // Both fields are required; nothing is sent without them.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(
      dialog.getByText('Invalid input: apiKey and projectName are required.'),
    ).toBeVisible();

    await dialog.getByLabel('Platform').selectOption('vercel');
    await dialog.getByLabel('Project name').fill('kiln-e2e-site');
    await dialog.getByLabel('API key').fill(E2E_DEPLOY_KEY);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Configuration saved')).toBeVisible();

    const saved = dialog.getByRole('list', { name: 'Saved configurations' });
    await expect(saved).toContainText('kiln-e2e-site');
    await expect(saved).toContainText(`••••${E2E_DEPLOY_KEY.slice(-4)}`);
    await expect(saved).not.toContainText(E2E_DEPLOY_KEY);
    await expect(dialog.getByLabel('API key')).toHaveValue('');

    await saved.getByRole('button', { name: 'Deploy now to Vercel' }).click();
    const deployment = dialog.getByTestId('deployment').first();
    // The stand-in builds for one look before it is ready; the list follows it every 2 s.
    await expect(deployment.getByTestId('deployment-status')).toHaveText(
      /Queued|Uploading|Building/,
    );
    await expect(deployment.getByTestId('deployment-status')).toHaveText('Ready', {
      timeout: 30_000,
    });
    const link = deployment.getByRole('link');
    await expect(link).toHaveText(/^https:\/\/kiln-e2e-site-[\w-]+\.vercel\.app$/);
    await expect(link).toHaveAttribute('href', /^https:\/\/kiln-e2e-site-[\w-]+\.vercel\.app$/);
  });
});
