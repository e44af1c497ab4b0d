import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createProject,
  editorReady,
  expect,
  newAccount,
  registerViaApi,
  test,
  toast,
} from './fixtures';

const KB = 1024;
/**
 * A Kiln of this spec's own whose projects hold at most 256 KB (PROJECT_MAX_MB lowers every
 * plan's quota), so a project fills without writing gigabytes; the suite's shared server keeps
 * the plans' real limits. Its port comes after the eight the suite's servers take.
 */
const LIMIT_MB = 0.25;
const port = Number(process.env.E2E_PORT ?? 5180) + 8;
const baseURL = `http://127.0.0.1:${port}`;
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let server: ChildProcess | undefined;
let dataDir = '';

async function startSmallServer() {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kiln-e2e-quota-'));
  server = spawn(process.execPath, ['server/dist/main.js'], {
    cwd: repositoryRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      PREVIEW_PORT: String(port + 1),
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      PROJECT_MAX_MB: String(LIMIT_MB),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const healthy = await fetch(`${baseURL}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    if (server.exitCode !== null) throw new Error(`the quota server exited (${server.exitCode})`);
    if (Date.now() > deadline) throw new Error('the quota server did not start within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

test.describe.configure({ mode: 'serial' });
test.use({ baseURL });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  await startSmallServer();
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

test('the editor shows the storage used, and an upload past the quota is refused whole', async ({
  page,
}) => {
  await registerViaApi(page, newAccount('quota'));
  const projectId = await createProject(page, 'blank', 'Quota');
  await page.goto(`/editor/${projectId}`);
  await editorReady(page);

  const meter = page.getByTestId('storage-meter');
  await expect(meter).toContainText('Storage');
  await expect(meter).toContainText(/of 256 KB/);
  await expect(meter).toContainText('2 of 20,000 files and folders · Server limit');
  await expect(meter).toHaveAttribute('data-level', 'ok');
  const entries = async () => {
    const response = await page.request.get(`/api/files/${projectId}/entries`);
    return ((await response.json()) as { path: string }[]).map((entry) => entry.path).sort();
  };
  const before = await entries();

  // Two files of 150 KB: each would fit alone, together they do not, so neither is saved.
  await page.getByTestId('file-upload-input').setInputFiles([
    {
      name: 'photo-1.bin',
      mimeType: 'application/octet-stream',
      buffer: Buffer.alloc(150 * KB, 1),
    },
    {
      name: 'photo-2.bin',
      mimeType: 'application/octet-stream',
      buffer: Buffer.alloc(150 * KB, 2),
    },
  ]);
  const refusal = toast(page, 'Not enough storage');
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText(
    /This change needs 300 KB but the project has 25\d KB left of its 256 KB \(this server's limit per project\)\. Delete files to make room\./,
  );
  await expect(page.getByRole('treeitem', { name: /photo-/ })).toHaveCount(0);
  expect(await entries()).toEqual(before);
  await expect(meter).toContainText('2 of 20,000 files and folders');

  // One of them fits, and the meter turns amber past 80%.
  await page.getByTestId('file-upload-input').setInputFiles({
    name: 'photo-1.bin',
    mimeType: 'application/octet-stream',
    buffer: Buffer.alloc(220 * KB, 1),
  });
  await expect(toast(page, 'Successfully uploaded 1 file(s)')).toBeVisible();
  await expect(meter).toHaveAttribute('data-level', 'warning');
  await expect(meter).toContainText('Almost full: delete files to make room.');
  await expect(meter).toContainText('3 of 20,000 files and folders');

  // An edit that would pass the limit is refused once, kept in the browser, and saved by
  // itself once a file is deleted.
  await page.locator('.monaco-editor .view-lines').first().click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText(`\n// ${'x'.repeat(40 * KB)}`);
  const full = toast(page, 'Not enough storage');
  await expect(full).toContainText(/This change needs 40 KB but the project has 3\d\.\d KB left/);
  await expect(page.getByTestId('save-status')).toHaveText('Unsaved changes');
  await expect(meter).toHaveAttribute('data-level', 'warning');

  const photo = page.locator('[role="treeitem"][data-path="photo-1.bin"]');
  await photo.hover();
  await page.getByRole('button', { name: 'Delete photo-1.bin' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(photo).toHaveCount(0);
  await expect(page.getByTestId('save-status')).toHaveText(/^Saved/, { timeout: 15_000 });
  await expect(meter).toHaveAttribute('data-level', 'ok');
  await expect(meter).toContainText('2 of 20,000 files and folders');
});
