import type { Database } from '../../db/client';
import type { RunQueue } from '../../sandbox/run-queue';
import type { Sandbox } from '../../sandbox/types';
import { executeFile } from '../exec';
import { RegexSearchPool, searchFiles, getFileByPath, ProjectTextCache } from '../files';
import { AppError } from '../../lib/app-error';
import type { AgentToolContext } from './agent/tools';

export type ProjectTools = Pick<AgentToolContext, 'runFile' | 'searchFiles'>;
export type ProjectToolsFactory = (scope: { userId: string; projectId: string }) => ProjectTools;

/**
 * The agent's ways to run and search a project, through the same services as the editor's Run
 * button and search dialog: the sandbox and its queue, and Kiln's search. The agent keeps no
 * text cache of its own (a search of a project not in memory asks the index), and its regular
 * expressions run in a worker of their own under the same time budget as the editor's.
 */
export function createProjectTools(deps: {
  db: Database;
  sandbox: Sandbox;
  runQueue: RunQueue;
  /** The project's workspace folder, whose installed packages the agent's runs see too. */
  workspaceFolder?: (projectId: string) => string;
}): {
  forProject: ProjectToolsFactory;
  close(): Promise<void>;
} {
  const { db } = deps;
  const regexPool = new RegexSearchPool({ timeoutMs: 2_000, maxWorkers: 1, maxWaiting: 8 });
  const textCache = new ProjectTextCache(0);
  return {
    forProject: ({ userId, projectId }) => ({
      async runFile(path) {
        const file = await getFileByPath({ db, projectId, path });
        if (!file || file.isDirectory || file.content === null) {
          throw new AppError('VALIDATION_FAILED', `${path} is not a text file of the project`);
        }
        return executeFile({
          db,
          sandbox: deps.sandbox,
          queue: deps.runQueue,
          workspaceFolder: deps.workspaceFolder,
          userId,
          projectId,
          input: { filePath: path, code: file.content, language: 'javascript' },
        });
      },
      searchFiles: (input) => searchFiles({ db, regexPool, textCache, userId, projectId, input }),
    }),
    close: () => regexPool.close(),
  };
}
