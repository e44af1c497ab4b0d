// Editors saving a file through the real HTTP API, as the editor's autosave does: each save names
// the version it was based on (PATCH /api/files/{id} with baseVersion).
import { setTimeout as sleep } from 'node:timers/promises';
import { createFile, createProject, signUp } from './accounts';
import { seeded, sourceText } from './projects';
import type { BenchClient } from './server';

/** The one file each editor edits. */
export const EDITED_PATH = 'src/editing.ts';

export interface SavingEditor {
  client: BenchClient;
  projectId: string;
  fileId: string;
  /** The version the editor's text is based on: the last one the server acknowledged. */
  version: number;
  /** About 2 KB of TypeScript each edit starts from. */
  base: string;
}

export interface SaveOutcome {
  /** The HTTP status, or 0 when no answer came (the connection failed). */
  status: number;
  ms: number;
  /** What was sent, and the version it was based on. */
  content: string;
  baseVersion: number;
  /** The version the server stored it as, when it answered 200. */
  version?: number;
  /** The file as the server holds it, when it answered 409 (a stale base). */
  current?: { version: number; content: string };
}

/** A new account with a project holding one ~2 KB file, which `index` makes distinct. */
export async function openSavingEditor(
  baseUrl: string,
  email: string,
  index: number,
): Promise<SavingEditor> {
  const client = await signUp(baseUrl, { email });
  try {
    const projectId = await createProject(client, `Saves ${index}`);
    const base = sourceText(seeded(1000 + index), 'ts', 2000);
    const created = await createFile(client, projectId, EDITED_PATH, base);
    return { client, projectId, fileId: created.id, version: created.version, base };
  } catch (error) {
    client.close();
    throw error;
  }
}

/** About 2 KB of TypeScript that differs on every save. */
export function editedText(base: string, tick: number) {
  return `// edit ${tick} at ${new Date().toISOString()}\n${base}`;
}

/**
 * Saves the next edit on the version the editor holds and takes the version the answer gives:
 * the saved one, or on 409 the current one (as the editor does after a conflict, so one save of
 * unknown outcome does not fail every later one).
 */
export async function saveNextEdit(editor: SavingEditor, tick: number): Promise<SaveOutcome> {
  const sent = { content: editedText(editor.base, tick), baseVersion: editor.version };
  const started = performance.now();
  let response;
  try {
    response = await editor.client.request('PATCH', `/api/files/${editor.fileId}`, sent);
  } catch {
    return { status: 0, ms: performance.now() - started, ...sent };
  }
  const ms = performance.now() - started;
  if (response.status === 200) {
    editor.version = response.json<{ version: number }>().version;
    return { status: 200, ms, ...sent, version: editor.version };
  }
  if (response.status === 409) {
    const { current } = response.json<{ current: { version: number; content: string } }>();
    editor.version = current.version;
    return { status: 409, ms, ...sent, current };
  }
  return { status: response.status, ms, ...sent };
}

/**
 * Calls `act` at `first`, then every `intervalMs`, until `end` (performance.now() times), each
 * call awaited before the next: one that ran late is followed at once by those due meanwhile, so
 * a short stall delays the load but does not shrink it; none starts after `end`, so a long one
 * does not carry the load past the window it is measured in.
 */
export async function paced(
  schedule: { first: number; intervalMs: number; end: number },
  act: (tick: number) => Promise<void>,
): Promise<void> {
  for (let tick = 0; ; tick += 1) {
    const due = schedule.first + tick * schedule.intervalMs;
    if (due >= schedule.end || performance.now() >= schedule.end) break;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    await act(tick);
  }
}
