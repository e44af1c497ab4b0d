import type { Page } from '@playwright/test';
import { createProject, editorReady, expect, test, toast } from './fixtures';

/*
 * The e2e server's model is a local stand-in (server/src/test/model-stand-in): a request naming
 * `[scenario:e2e-orchestrate]` gets each role's scripted answer: a plan, the developer's new
 * heading in index.html and a greeting.js, a review finding on index.html line 32, a test file
 * that passes, and so nothing for the debugger.
 */
const ROLES = ['architect', 'develop', 'review', 'test', 'debug'] as const;
const REQUEST = '[scenario:e2e-orchestrate] Make the heading say the agents built the page';
const BUILT = 'Built by the Kiln agents';
const ORIGINAL = 'We build calm, fast websites';

async function openAgentPanel(page: Page) {
  const toggle = page.getByRole('button', { name: 'AI agent', exact: true });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const panel = page.getByRole('region', { name: 'AI agents' });
  await expect(panel).toBeVisible();
  return { toggle, panel };
}

test.describe('the AI agents panel', () => {
  // Five model calls, a sandboxed test run and Monaco on a 2-core machine.
  test.describe.configure({ timeout: 120_000 });

  test('five agents build a request, a finding opens its line, and Undo puts the page back', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    const id = await createProject(page, 'html-css', 'Agents site');
    await page.goto(`/editor/${id}`);
    await editorReady(page);
    const code = page.locator('.monaco-editor').first();
    const breadcrumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
    await expect(code).toContainText(ORIGINAL);

    // The toggle swaps the tabs for the agents.
    await expect(page.getByRole('tab', { name: 'AI Chat' })).toBeVisible();
    const { toggle, panel } = await openAgentPanel(page);
    await expect(page.getByRole('tab', { name: 'AI Chat' })).toBeHidden();

    // The agents' status is read while the panel shows.
    const agents = panel.getByRole('list', { name: 'Agent status' });
    for (const name of ['Architect', 'Developer', 'Reviewer', 'Tester', 'Debugger']) {
      await expect(agents).toContainText(name);
    }

    // An empty request is refused before anything is sent.
    await panel.getByRole('button', { name: 'Build' }).click();
    await expect(toast(page, 'Please describe what you want to build')).toBeVisible();
    await expect(toast(page, 'Input required')).toBeVisible();

    await panel.getByLabel('What do you want to build?').fill(REQUEST);
    await panel.getByRole('button', { name: 'Build' }).click();
    for (const role of ROLES) {
      await expect(panel.getByTestId(`agent-task-${role}`)).toHaveAttribute(
        'data-state',
        'completed',
        { timeout: 60_000 },
      );
    }
    await expect(panel.getByTestId('agent-run-status')).toHaveText('Completed');
    // index.html, greeting.js and the tester's tests/greeting.test.js.
    await expect(toast(page, 'Modified 3 file(s)')).toBeVisible();
    // The open editor shows the developer's change without a reload.
    await expect(code).toContainText(BUILT);
    const greeting = page.getByRole('treeitem', { name: 'greeting.js', exact: true });
    await expect(greeting).toBeVisible();

    // A task opens to what its role was asked and answered.
    const architect = panel.getByTestId('agent-task-architect');
    await architect.getByText('Architect').click();
    await expect(architect.getByText('Asked')).toBeVisible();
    await expect(architect.getByText('Answered')).toBeVisible();

    const plan = panel.getByRole('region', { name: 'Plan', exact: true });
    await expect(plan.getByRole('heading', { name: 'Steps' })).toBeVisible();
    await expect(plan.getByRole('listitem').first()).toBeVisible();
    const files = panel.getByRole('region', { name: 'Files Updated' });
    await expect(files).toContainText('index.html');
    await expect(files).toContainText('greeting.js');
    const tests = panel.getByRole('region', { name: 'Tests', exact: true });
    await expect(tests).toContainText('greets by name');
    await expect(tests).toContainText('Expected: Hello, Ada!');
    const testRun = tests.getByRole('list', { name: 'Test runs' }).getByRole('listitem');
    await expect(testRun).toContainText('tests/greeting.test.js');
    await expect(testRun).toContainText('Passed');
    await expect(panel.getByRole('region', { name: 'Summary' })).toBeVisible();
    // No test failed, so the Debugger had nothing to report.
    await expect(panel.getByRole('region', { name: 'Debug', exact: true })).toHaveCount(0);

    // A review finding opens its file with the cursor on its line.
    await page.getByRole('treeitem', { name: 'styles.css', exact: true }).click();
    await expect(breadcrumbs).toContainText('styles.css');
    const finding = panel
      .getByRole('region', { name: 'Review findings' })
      .getByRole('button', { name: /index\.html:32/ });
    await finding.click();
    await expect(breadcrumbs).toContainText('index.html');
    await expect(page.locator('.monaco-editor .active-line-number')).toHaveText('32');

    // Recent activity lists the roles' work.
    await expect(panel.getByRole('list', { name: 'Agent history' })).toContainText('Architect');

    // Undo puts the page back, and says so after a reload too.
    await panel.getByRole('button', { name: 'Undo the changes of this run' }).click();
    await expect(toast(page, 'Restored 3 file(s)')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Undone' })).toBeDisabled();
    await expect(code).not.toContainText(BUILT);
    await expect(code).toContainText(ORIGINAL);
    await expect(greeting).toHaveCount(0);

    await page.reload();
    await editorReady(page);
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(panel.getByTestId('agent-run-status')).toHaveText('Completed');
    // The run's request heads it (the Architect's task and the history repeat it).
    await expect(panel.getByText(REQUEST).first()).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Undone' })).toBeDisabled();

    // Toggled off, the tabs are back.
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(panel).toBeHidden();
    await expect(page.getByRole('tab', { name: 'AI Chat' })).toBeVisible();
  });

  test('Stop ends the run on the server: the task at work stops, the rest never start', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    const id = await createProject(page, 'html-css', 'Agents stopped');
    await page.goto(`/editor/${id}`);
    await editorReady(page);
    const { panel } = await openAgentPanel(page);
    await panel.getByLabel('What do you want to build?').fill(REQUEST);
    await panel.getByRole('button', { name: 'Build' }).click();
    const architect = panel.getByTestId('agent-task-architect');
    await expect(architect).toHaveAttribute('data-state', 'in_progress');

    await panel.getByRole('button', { name: 'Stop the run' }).click();
    await expect(panel.getByTestId('agent-run-status')).toHaveText('Failed');
    await expect(toast(page, 'Orchestration stopped')).toBeVisible();
    for (const role of ROLES) {
      await expect(panel.getByTestId(`agent-task-${role}`)).toHaveAttribute('data-state', 'failed');
    }
    await expect(panel.getByRole('button', { name: 'Build' })).toBeEnabled();
    // Nothing was written: the page keeps its heading.
    await expect(page.locator('.monaco-editor').first()).not.toContainText(BUILT);
  });

  test('Review open files and Generate tests work on the open file as edited', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    const id = await createProject(page, 'html-css', 'Agents review');
    await page.goto(`/editor/${id}`);
    await editorReady(page);
    // The scenario's marker rides in an edit of the open file, not saved yet.
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type('\n[scenario:e2e-orchestrate]');
    const { panel } = await openAgentPanel(page);

    await panel.getByRole('button', { name: 'Review open files' }).click();
    const review = panel.getByRole('region', { name: 'Review of open files' });
    await expect(review.getByRole('button', { name: /index\.html:32/ })).toBeVisible();
    await expect(review).toContainText('The heading no longer says what the studio does.');
    await review.getByRole('button', { name: 'Dismiss the review' }).click();
    await expect(review).toHaveCount(0);

    await panel.getByLabel('What do you want to build?').fill('A greeting module');
    await panel.getByRole('button', { name: 'Generate tests' }).click();
    const tests = panel.getByRole('region', { name: 'Generated tests' });
    await expect(tests).toContainText('greets by name');
    await expect(tests).toContainText('Expected: Hello, Ada!');
  });

  test('the AI Agent chat dialog answers, and closing it stops an answer silently', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    const id = await createProject(page, 'html-css', 'Agent chat');
    await page.goto(`/editor/${id}`);
    await editorReady(page);
    const code = page.locator('.monaco-editor').first();
    const { panel } = await openAgentPanel(page);

    await panel.getByRole('button', { name: 'Chat with the agent' }).click();
    const dialog = page.getByRole('dialog', { name: 'AI Agent' });
    const message = dialog.getByLabel('Message', { exact: true });

    // Closed while an answer streams: the answer stops, and no error is shown.
    await message.fill('[scenario:e2e-slow] Tell me a long story');
    await message.press('Enter');
    await expect(dialog.getByText('Streaming slowly so the answer')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    await page.waitForTimeout(1_000);
    await expect(page.getByTestId('toast')).toHaveCount(0);

    // The conversation is the project's: opened again, it is there, and goes on.
    await panel.getByRole('button', { name: 'Chat with the agent' }).click();
    await expect(dialog.getByText('Tell me a long story')).toBeVisible();
    await message.fill('[scenario:e2e-edit] Make the heading say an AI edited it');
    await message.press('Enter');
    await expect(dialog.getByText('I changed the heading in index.html.')).toBeVisible();
    await expect(toast(page, 'Modified 1 file(s)')).toBeVisible();
    await expect(code).toContainText('Edited by the AI. We build calm, fast websites');
  });
});

test.describe('the AI agents panel on a phone', () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test('takes the Preview & AI pane', async ({ page, signedIn }) => {
    void signedIn;
    const id = await createProject(page, 'html-css', 'Agents on a phone');
    await page.goto(`/editor/${id}`);
    const side = page
      .getByRole('tablist', { name: 'Workspace panes' })
      .getByRole('tab', { name: 'Preview & AI', exact: true });
    await expect(side).toHaveAttribute('aria-selected', 'false');
    await openAgentPanel(page);
    await expect(side).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('What do you want to build?')).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });
});
