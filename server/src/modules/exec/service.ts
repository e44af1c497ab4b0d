import {
  runLanguageOf,
  SUPPORTED_RUN_FILES,
  type ExecuteInputSchema,
  type ExecuteResult,
  type RunLanguage,
  type RuntimeStatus,
} from '@kiln/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { fromHex, selectBytea } from '../../db/bytea';
import type { Database } from '../../db/client';
import { files } from '../files/tables';
import { AppError } from '../../lib/app-error';
import type { RunQueue } from '../../sandbox/run-queue';
import type { OpenBridge, RunFile, Sandbox } from '../../sandbox/types';
import { getEditableProject } from '../projects';
import { findMissingPackage, missingPackageHint } from './missing-package';
import { requireRunRuntime } from './missing-runtime';
import { formatBytes } from '../../lib/format';

type ExecuteValues = z.output<typeof ExecuteInputSchema>;

/** All of a project's files a run copies in; past this a run is refused, not attempted. */
export const RUN_PROJECT_BYTES = 100 * 1024 * 1024;

const LANGUAGE_NAMES: Record<RunLanguage, string> = {
  javascript: 'JavaScript',
  typescript: 'TypeScript',
  python: 'Python',
};

function unavailable(language: RunLanguage): AppError {
  const name = LANGUAGE_NAMES[language];
  return new AppError(
    'SERVICE_UNAVAILABLE',
    language === 'python'
      ? 'Python cannot run on this server: it needs the bubblewrap sandbox and python3, and this server has no working bubblewrap. Ask the administrator to install the bubblewrap package.'
      : `${name} cannot run on this server: its code sandbox failed its start-up check.`,
  );
}

/**
 * The files a run works on: the project as saved, with the file being run replaced by the
 * editor's text, so unsaved edits run.
 */
async function loadRunFiles(
  db: Database,
  projectId: string,
  entry: string,
  code: string,
): Promise<RunFile[]> {
  const rows = await db
    .select({
      path: files.path,
      isDirectory: files.isDirectory,
      content: files.content,
      data: selectBytea(files.data),
      size: files.size,
    })
    .from(files)
    .where(eq(files.projectId, projectId));
  const total = rows.reduce((sum, row) => sum + row.size, 0);
  if (total > RUN_PROJECT_BYTES) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `The project is too large to run: its files add up to ${formatBytes(total)}, and a run copies at most ${formatBytes(RUN_PROJECT_BYTES)}`,
    );
  }
  if (rows.some((row) => row.isDirectory && row.path === entry)) {
    throw new AppError('VALIDATION_FAILED', `${entry} is a folder, not a file`);
  }
  const runFiles: RunFile[] = rows
    .filter((row) => !row.isDirectory && row.path !== entry)
    .map((row) => ({
      path: row.path,
      content: row.content ?? fromHex(row.data) ?? Buffer.alloc(0),
    }));
  runFiles.push({ path: entry, content: code });
  return runFiles;
}

/** Runs a project's file with the editor's current text, in the sandbox (decision 0007). */
export async function executeFile(options: {
  db: Database;
  sandbox: Sandbox;
  queue: RunQueue;
  userId: string;
  projectId: string;
  input: ExecuteValues;
  /**
   * The project's environment variables for this run. Runs a person starts get them; the AI
   * agent's runs do not, because their output goes back to the model.
   */
  environment?: (projectId: string) => Promise<Record<string, string>>;
  /**
   * The host folder of the project's workspace, whose installed packages the run sees
   * (decision 0016); without it, runs have the standard library only.
   */
  workspaceFolder?: (projectId: string) => string;
  /**
   * The project's own database for the run, as DATABASE_URL (decision 0017). Like environment
   * variables, only for runs a person starts; QuickJS has no network to bridge it into.
   */
  openDatabaseBridge?: (projectId: string) => Promise<OpenBridge>;
  /** The runtimes found at start-up: a run whose runtime is missing is refused, naming it. */
  runtimes?: Promise<readonly RuntimeStatus[]>;
}): Promise<ExecuteResult> {
  const { db, sandbox, projectId, input } = options;
  await getEditableProject(options);
  const language = runLanguageOf(input.filePath);
  if (!language) {
    throw new AppError(
      'VALIDATION_FAILED',
      `${input.filePath} cannot be run: Kiln runs ${SUPPORTED_RUN_FILES} files`,
    );
  }
  if (options.runtimes) requireRunRuntime({ language, runtimes: await options.runtimes });
  if (!sandbox.languages.includes(language)) throw unavailable(language);
  const outcome = await options.queue.use(async () => {
    const files = await loadRunFiles(db, projectId, input.filePath, input.code);
    const env = (await options.environment?.(projectId)) ?? {};
    const workspace = options.workspaceFolder?.(projectId);
    const database =
      sandbox.backend === 'bubblewrap' ? await options.openDatabaseBridge?.(projectId) : undefined;
    let result;
    try {
      result = await sandbox.run({
        language,
        entry: input.filePath,
        files,
        env: { ...env, ...database?.env },
        workspace,
        bridges: database ? [database.bridge] : [],
      });
    } finally {
      // Whatever the run left connected is cut off with it.
      await database?.close();
    }
    const missingPackage = findMissingPackage({ language, error: result.error, files });
    const hint = missingPackageHint(missingPackage);
    return hint ? { ...result, error: `${result.error}\n${hint}`, missingPackage } : result;
  });
  return { ...outcome, language, backend: sandbox.backend };
}
