import type { Page } from '@playwright/test';
import { createProject, editorReady, expect, test, toast } from './fixtures';
import { skipWithout } from './support/system-programs';

skipWithout('bwrap', 'python3');

/**
 * The terminal (decision 0016): bash in the project's sandbox, in tabs of the panel under the
 * editor, next to the run Output.
 */

/** The drawn text of a shell's screen (xterm draws rows of spans, without line breaks). */
const screen = (page: Page, title: string) =>
  page.getByRole('tabpanel', { name: title }).locator('.xterm-rows');

const focusIsInShell = (page: Page) =>
  page.evaluate(() => Boolean(document.activeElement?.closest('.xterm')));

/** Types a command line into the focused shell, as a person does. */
async function command(page: Page, line: string) {
  await page.keyboard.type(line);
  await page.keyboard.press('Enter');
}

test.describe('terminal', () => {
  // Real shells in the sandbox, and Monaco, on a 2-core machine.
  test.describe.configure({ timeout: 120_000 });

  test('a shell runs commands, sees the project’s variables, and its files reach the tree', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    const id = await createProject(page, 'blank', 'Shell');
    await page.goto(`/editor/${id}`);
    await editorReady(page);

    // A variable added in the dialog is in the shell's environment.
    await page.getByRole('button', { name: 'Environment variables' }).click();
    const dialog = page.getByRole('dialog', { name: 'Environment Variables' });
    await dialog.getByLabel('Key').fill('KILN_GREETING');
    await dialog.getByLabel('Value').fill('hello-from-the-dialog');
    await dialog.getByRole('button', { name: 'Add Variable' }).click();
    await expect(toast(page, 'Environment variable created')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    // Ctrl/Cmd+Shift+T opens the panel on a new Terminal 1, with the focus in it.
    const toggle = page.getByRole('button', { name: 'Terminal', exact: true });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('ControlOrMeta+Shift+T');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const tab = page.getByRole('tab', { name: 'Terminal 1' });
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    const shell = screen(page, 'Terminal 1');
    await expect(shell).toContainText('$', { timeout: 30_000 });
    await expect.poll(() => focusIsInShell(page)).toBe(true);

    await command(page, 'node -v');
    await expect(shell).toContainText(/v\d+\.\d+\.\d+/);
    await command(page, "python3 -c 'print(6 * 7)'");
    await expect(shell).toContainText('42');
    await command(page, 'echo "greeting=$KILN_GREETING"');
    await expect(shell).toContainText('greeting=hello-from-the-dialog');

    // A file the shell writes is saved to the project and shows in the tree.
    await command(page, 'echo hi > made.txt');
    await expect(page.getByRole('treeitem', { name: 'made.txt', exact: true })).toBeVisible({
      timeout: 15_000,
    });
    const saved = await page.request.get(`/api/files/${id}/content?path=made.txt`);
    expect(((await saved.json()) as { content: string }).content).toBe('hi\n');

    // The shell is told the terminal's size, and told again when the panel changes size.
    const sizes = async () =>
      [...((await shell.textContent()) ?? '').matchAll(/size=(\d+)x(\d+)/g)].map(
        ([, rows, cols]) => ({ rows: Number(rows), cols: Number(cols) }),
      );
    await command(page, 'echo "size=$(stty size | tr " " x)"');
    await expect.poll(async () => (await sizes()).length).toBe(1);
    const [before] = await sizes();
    expect(before?.cols).toBeGreaterThan(40);
    await page.setViewportSize({ width: 1000, height: 700 });
    await command(page, 'clear; echo "size=$(stty size | tr " " x)"');
    await expect.poll(async () => (await sizes()).at(-1)?.cols).toBeLessThan(before?.cols ?? 0);

    // Ctrl+C with nothing selected interrupts the running program, and the prompt returns.
    // (Once it runs: as in any terminal, ^C also drops what was typed and not yet read.)
    await command(page, 'echo "sleeping-$((6 * 7))"; sleep 100');
    await expect(shell).toContainText('sleeping-42');
    await page.keyboard.press('Control+C');
    await expect(shell).toContainText('^C');
    await command(page, 'echo "after $((40 + 2))"');
    await expect(shell).toContainText('after 42');

    // The shortcut again hides the panel and gives the focus back to the code.
    await page.keyboard.press('ControlOrMeta+Shift+T');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect
      .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('.monaco-editor'))))
      .toBe(true);
    // Shown again, it is the same shell, still running.
    await page.keyboard.press('ControlOrMeta+Shift+T');
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(shell).toContainText('after 42');
    await expect(
      page.getByRole('tablist', { name: 'Output and shells' }).getByRole('tab'),
    ).toHaveCount(2);
  });

  test('pastes and copies, opens more shells up to the server’s cap, closes and restarts them', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const id = await createProject(page, 'blank', 'Shells');
    await page.goto(`/editor/${id}`);
    await editorReady(page);

    // The + button opens the panel on a new shell.
    await page.getByRole('button', { name: 'New shell' }).click();
    await expect(page.getByRole('tab', { name: 'Terminal 1' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const first = screen(page, 'Terminal 1');
    await expect(first).toContainText('$', { timeout: 30_000 });
    await expect.poll(() => focusIsInShell(page)).toBe(true);

    // Ctrl/Cmd+V pastes the clipboard into the shell.
    await page.evaluate(() => navigator.clipboard.writeText('echo "pasted-$((6 * 7))"'));
    await page.keyboard.press('ControlOrMeta+V');
    await page.keyboard.press('Enter');
    await expect(first).toContainText('pasted-42');

    // Ctrl/Cmd+C with a selection copies it (a triple click selects a line; xterm takes the
    // pointer over the row it draws, hence force).
    await first
      .locator(':scope > div')
      .filter({ hasText: /^pasted-42\s*$/ })
      .click({ clickCount: 3, force: true });
    await page.keyboard.press('ControlOrMeta+C');
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toContain('pasted-42');

    // A second shell is its own session; Delete on its tab closes it.
    await page.getByRole('button', { name: 'New shell' }).click();
    const secondTab = page.getByRole('tab', { name: 'Terminal 2' });
    await expect(secondTab).toHaveAttribute('aria-selected', 'true');
    const second = screen(page, 'Terminal 2');
    await expect(second).toContainText('$', { timeout: 30_000 });
    await expect(second).not.toContainText('pasted-42');
    await secondTab.focus();
    await page.keyboard.press('Delete');
    await expect(secondTab).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Terminal 1' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    // A shell that exits says so, and Restart opens a new one in its tab.
    await page.getByRole('tab', { name: 'Terminal 1' }).click();
    await expect.poll(() => focusIsInShell(page)).toBe(true);
    await command(page, 'exit 3');
    const status = page.getByRole('tabpanel', { name: 'Terminal 1' }).getByTestId('shell-status');
    await expect(status).toHaveText('The shell exited with code 3');
    await page.getByRole('button', { name: 'Restart' }).click();
    await expect(status).toHaveText('');
    await expect(first).toContainText('$', { timeout: 30_000 });
    await expect(first).not.toContainText('pasted-42');

    // The server allows four shells per project; the fifth tab shows its words.
    for (const title of ['Terminal 2', 'Terminal 3', 'Terminal 4']) {
      await page.getByRole('button', { name: 'New shell' }).click();
      await expect(screen(page, title)).toContainText('$', { timeout: 30_000 });
    }
    await page.getByRole('button', { name: 'New shell' }).click();
    const refused = page.getByRole('tabpanel', { name: 'Terminal 5' });
    await expect(refused.getByTestId('shell-status')).toContainText(
      'Closed: This project already has 4 terminals open',
    );
    await refused.getByRole('button', { name: 'Close tab' }).click();
    await expect(page.getByRole('tab', { name: 'Terminal 5' })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Terminal 4' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});
