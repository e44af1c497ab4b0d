import {
  FilePathSchema,
  type ExecuteResult,
  type FileChange,
  type SearchResult,
} from '@kiln/shared';
import { tool, type ToolSet } from 'ai';
import { z } from 'zod';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import {
  createFile,
  deleteFile,
  getFileByPath,
  listFiles,
  moveFile,
  saveFileContent,
} from '../../files';
import type { CheckpointRecorder } from './checkpoint-recorder';
import type { RepeatGuard } from './repeat-guard';
import { writeProjectText } from './write-text';
import type { StorageCaps } from '../../projects';

/** What the agent's tools work with: the project, as its owner, through the file service. */
export interface AgentToolContext {
  db: Database;
  /** This server's caps on a project's storage, for every write (modules/projects). */
  storageCaps: StorageCaps;
  userId: string;
  projectId: string;
  recorder: CheckpointRecorder;
  guard: RepeatGuard;
  runFile(path: string): Promise<ExecuteResult>;
  searchFiles(input: {
    query: string;
    caseSensitive: boolean;
    useRegex: boolean;
  }): Promise<SearchResult[]>;
  onFileChanged(change: FileChange): void;
}

/** A file longer than this is read in parts: the model asks for line ranges. */
export const READ_WHOLE_MAX_CHARS = 60_000;
const READ_PART_LINES = 400;
const LIST_MAX_ENTRIES = 2_000;
const RUN_OUTPUT_MAX_CHARS = 8_000;

const PathInput = FilePathSchema.describe('A path relative to the project root, e.g. src/app.js');

/** The message a tool's failure gives the model, which then tries again or otherwise. */
function failure(error: unknown): string {
  if (error instanceof AppError) return `Error: ${error.message}`;
  throw error;
}

function clip(text: string, max: number): string {
  return text.length <= max
    ? text
    : `${text.slice(0, max)}\n… (${text.length - max} more characters cut)`;
}

/** How many times `search` occurs in `text`, without overlaps. */
function countOccurrences(text: string, search: string): number {
  let count = 0;
  for (let at = text.indexOf(search); at !== -1; at = text.indexOf(search, at + search.length)) {
    count += 1;
  }
  return count;
}

export function createAgentTools(context: AgentToolContext): ToolSet {
  const { db, userId, projectId, recorder, guard } = context;

  /** Runs a tool unless the same call already ran this round; writes start a new round. */
  const guarded =
    <Input>(name: string, run: (input: Input) => Promise<string>, writes = false) =>
    async (input: Input): Promise<string> => {
      const repeats = guard.check(name, input);
      if (guard.stoppedOn) {
        return `Stopped: ${name} was called with the same arguments ${repeats + 1} times without progress.`;
      }
      if (repeats > 0) {
        return `You already called ${name} with exactly these arguments and nothing has changed since; the answer is the same. Do something different, or finish and explain what is blocking you.`;
      }
      try {
        const result = await run(input);
        if (writes) guard.progressed();
        return result;
      } catch (error) {
        return failure(error);
      }
    };

  const writeText = (path: string, content: string) =>
    writeProjectText({ ...context, path, content });

  return {
    list_files: tool({
      description:
        'List every file and folder in the project, with sizes. Folders end with a slash.',
      inputSchema: z.object({}),
      execute: guarded('list_files', async () => {
        const entries = await listFiles({ db, userId, projectId });
        const lines = entries
          .slice(0, LIST_MAX_ENTRIES)
          .map((entry) =>
            entry.isDirectory ? `${entry.path}/` : `${entry.path} (${entry.size} bytes)`,
          );
        if (entries.length > LIST_MAX_ENTRIES) {
          lines.push(`… and ${entries.length - LIST_MAX_ENTRIES} more`);
        }
        return lines.length > 0 ? lines.join('\n') : 'The project has no files yet.';
      }),
    }),

    read_file: tool({
      description: `Read a text file. Files over ${READ_WHOLE_MAX_CHARS} characters are read in parts: pass startLine and endLine (1-based, inclusive).`,
      inputSchema: z.object({
        path: PathInput,
        startLine: z.number().int().min(1).optional(),
        endLine: z.number().int().min(1).optional(),
      }),
      execute: guarded('read_file', async ({ path, startLine, endLine }) => {
        const file = await getFileByPath({ db, projectId, path });
        if (!file) return `Error: ${path} does not exist`;
        if (file.isDirectory) return `Error: ${path} is a folder; use list_files`;
        if (file.content === null) return `${path} is a binary file of ${file.size} bytes.`;
        const lines = file.content.split('\n');
        const ranged = startLine !== undefined || endLine !== undefined;
        if (!ranged && file.content.length <= READ_WHOLE_MAX_CHARS) return file.content;
        const first = startLine ?? 1;
        const last = Math.min(
          lines.length,
          endLine ?? first + READ_PART_LINES - 1,
          first + READ_PART_LINES * 4 - 1,
        );
        const part = clip(lines.slice(first - 1, last).join('\n'), READ_WHOLE_MAX_CHARS);
        return `${path}, lines ${first}-${last} of ${lines.length}:\n${part}`;
      }),
    }),

    write_file: tool({
      description:
        'Create a file, or replace the whole content of an existing text file. Prefer edit_file for small changes to a large file.',
      inputSchema: z.object({ path: PathInput, content: z.string() }),
      execute: guarded('write_file', ({ path, content }) => writeText(path, content), true),
    }),

    edit_file: tool({
      description:
        'Replace an exact piece of a text file. `search` must match the file exactly (whitespace included) and only once, unless replaceAll is true. Nothing changes when it does not match.',
      inputSchema: z.object({
        path: PathInput,
        search: z.string().min(1),
        replace: z.string(),
        replaceAll: z.boolean().optional(),
      }),
      execute: guarded(
        'edit_file',
        async ({ path, search, replace, replaceAll }) => {
          const file = await getFileByPath({ db, projectId, path });
          if (!file) return `Error: ${path} does not exist; use write_file to create it`;
          if (file.isDirectory || file.content === null) return `Error: ${path} is not a text file`;
          const count = countOccurrences(file.content, search);
          if (count === 0) {
            return `Error: the search text was not found in ${path}, so nothing changed. Read the file again and copy the text to replace exactly, indentation included.`;
          }
          if (count > 1 && !replaceAll) {
            return `Error: the search text occurs ${count} times in ${path}, so nothing changed. Include more surrounding lines so it matches once, or set replaceAll.`;
          }
          const content = replaceAll
            ? file.content.split(search).join(replace)
            : file.content.replace(search, () => replace);
          await recorder.captureBefore([path]);
          const outcome = await saveFileContent({
            storageCaps: context.storageCaps,
            db,
            userId,
            fileId: file.id,
            content,
            baseVersion: file.version,
          });
          if (!outcome.saved) {
            return `Error: ${path} changed while it was being edited, so nothing changed. Read it again.`;
          }
          context.onFileChanged({ path, action: 'modified' });
          return `Edited ${path}: ${count} replacement${count === 1 ? '' : 's'}.`;
        },
        true,
      ),
    }),

    create_folder: tool({
      description: 'Create a folder (and the folders on its way).',
      inputSchema: z.object({ path: PathInput }),
      execute: guarded(
        'create_folder',
        async ({ path }) => {
          const existing = await getFileByPath({ db, projectId, path });
          if (existing?.isDirectory) return `${path} already exists.`;
          await recorder.captureBefore([path]);
          await createFile({
            storageCaps: context.storageCaps,
            db,
            userId,
            input: { projectId, path, content: '', isDirectory: true },
          });
          context.onFileChanged({ path, action: 'created' });
          return `Created folder ${path}.`;
        },
        true,
      ),
    }),

    rename_path: tool({
      description: 'Rename or move a file or folder; a folder takes everything in it along.',
      inputSchema: z.object({ from: PathInput, to: PathInput }),
      execute: guarded(
        'rename_path',
        async ({ from, to }) => {
          const file = await getFileByPath({ db, projectId, path: from });
          if (!file) return `Error: ${from} does not exist`;
          const moving = await recorder.captureSubtree(from);
          await recorder.captureBefore(moving.map((path) => to + path.slice(from.length)));
          await moveFile({
            storageCaps: context.storageCaps,
            db,
            userId,
            fileId: file.id,
            path: to,
          });
          recorder.noteRename(from, to);
          context.onFileChanged({ path: to, action: 'renamed', from });
          return `Renamed ${from} to ${to}.`;
        },
        true,
      ),
    }),

    delete_path: tool({
      description: 'Delete a file, or a folder with everything in it.',
      inputSchema: z.object({ path: PathInput }),
      execute: guarded(
        'delete_path',
        async ({ path }) => {
          const file = await getFileByPath({ db, projectId, path });
          if (!file) return `Error: ${path} does not exist`;
          await recorder.captureSubtree(path);
          await deleteFile({ storageCaps: context.storageCaps, db, userId, fileId: file.id });
          context.onFileChanged({ path, action: 'deleted' });
          return `Deleted ${path}.`;
        },
        true,
      ),
    }),

    search_files: tool({
      description:
        'Search the text of every file, line by line (at most 50 files). Plain text by default; useRegex for a JavaScript regular expression.',
      inputSchema: z.object({
        query: z.string().min(1).max(1000),
        caseSensitive: z.boolean().optional(),
        useRegex: z.boolean().optional(),
      }),
      execute: guarded('search_files', async ({ query, caseSensitive, useRegex }) => {
        const results = await context.searchFiles({
          query,
          caseSensitive: caseSensitive ?? false,
          useRegex: useRegex ?? false,
        });
        if (results.length === 0) return 'No matches.';
        return clip(
          results
            .map(
              (result) =>
                `${result.filePath}\n${result.matches
                  .map((match) => `  ${match.line}: ${match.lineContent.trim()}`)
                  .join('\n')}`,
            )
            .join('\n'),
          READ_WHOLE_MAX_CHARS,
        );
      }),
    }),

    run_file: tool({
      description:
        'Run a JavaScript, TypeScript or Python file of the project in the sandbox (no network, 10 s) with the saved files, and get its output, errors and exit code. Use it to test your changes.',
      inputSchema: z.object({ path: PathInput }),
      execute: guarded('run_file', async ({ path }) => {
        const result = await context.runFile(path);
        const parts = [
          `Exit code: ${result.exitCode ?? 'none'}${result.limit ? ` (stopped: ${result.limit} limit)` : ''}`,
        ];
        if (result.output) parts.push(`Output:\n${clip(result.output, RUN_OUTPUT_MAX_CHARS)}`);
        if (result.error) parts.push(`Errors:\n${clip(result.error, RUN_OUTPUT_MAX_CHARS)}`);
        return parts.join('\n');
      }),
    }),
  };
}

/** A line for people about a tool call, shown as the step runs: "Reading index.html". */
export function describeToolCall(name: string, input: unknown): string {
  const value = (input ?? {}) as Record<string, unknown>;
  const text = (key: string) => (typeof value[key] === 'string' ? (value[key] as string) : '');
  switch (name) {
    case 'list_files':
      return 'Listing the project';
    case 'read_file':
      return `Reading ${text('path')}`;
    case 'write_file':
      return `Writing ${text('path')}`;
    case 'edit_file':
      return `Editing ${text('path')}`;
    case 'create_folder':
      return `Creating folder ${text('path')}`;
    case 'rename_path':
      return `Renaming ${text('from')} to ${text('to')}`;
    case 'delete_path':
      return `Deleting ${text('path')}`;
    case 'search_files':
      return `Searching for "${text('query')}"`;
    case 'run_file':
      return `Running ${text('path')}`;
    default:
      return `Using ${name}`;
  }
}
