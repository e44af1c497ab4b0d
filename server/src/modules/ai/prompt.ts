import type { ModelMessage } from 'ai';
import type { ConversationMessage } from '@kiln/shared';

/** Paths listed in the prompt; the agent lists the rest with its tool. */
const TREE_MAX_ENTRIES = 300;
/** Text of the open file given up front. */
const OPEN_FILE_MAX_CHARS = 20_000;
/** Earlier conversation kept in the prompt, newest first, about 15,000 tokens. */
export const HISTORY_MAX_CHARS = 60_000;

export interface ProjectContext {
  name: string;
  description: string;
  language: string;
  paths: { path: string; isDirectory: boolean }[];
  openFile: { path: string; content: string } | null;
}

/**
 * The agent's instructions and what it knows of the project before it looks: the file tree and
 * the open file, never every file's text (it reads what it needs). Only the files table and the
 * project's name and description enter here, so nothing secret can.
 */
export function agentSystemPrompt(project: ProjectContext): string {
  const tree = project.paths
    .slice(0, TREE_MAX_ENTRIES)
    .map((entry) => (entry.isDirectory ? `${entry.path}/` : entry.path));
  if (project.paths.length > TREE_MAX_ENTRIES) {
    tree.push(`… ${project.paths.length - TREE_MAX_ENTRIES} more (use list_files)`);
  }
  const lines = [
    `You are Kiln's coding agent. You work in the person's project "${project.name}" (${project.language}) through tools that read and change its files, search them and run them.`,
    project.description ? `The project: ${project.description}` : '',
    '',
    'How to work:',
    '- Read a file before changing it. Prefer edit_file with an exact, unique search text for small changes; write_file for new files or full rewrites.',
    '- Keep changes focused on what was asked. Do not touch unrelated files.',
    '- When you change runnable code (JavaScript, TypeScript or Python), run it with run_file when that tells you something, and fix what fails.',
    '- If a tool answers with an error, adjust and try again differently; never repeat the same call.',
    '- Finish with a short answer in Markdown: what you did, and anything the person should know. Do not paste whole files into the answer.',
    '',
    `Project files (${project.paths.length}):`,
    tree.length > 0 ? tree.join('\n') : '(none yet)',
  ];
  if (project.openFile) {
    const { path, content } = project.openFile;
    const shown =
      content.length > OPEN_FILE_MAX_CHARS
        ? `${content.slice(0, OPEN_FILE_MAX_CHARS)}\n… (cut; read_file for the rest)`
        : content;
    lines.push('', `The person has ${path} open in the editor:`, '```', shown, '```');
  }
  return lines.filter((line, index) => line !== '' || index > 0).join('\n');
}

function asModelText(message: ConversationMessage): string {
  if (message.role === 'user') {
    const attached = message.attachments.map((attachment) => attachment.name);
    return attached.length > 0
      ? `${message.content}\n(attached: ${attached.join(', ')})`
      : message.content;
  }
  const changed = message.filesModified.map((change) => `${change.action} ${change.path}`);
  return changed.length > 0
    ? `${message.content}\n(files changed in that turn: ${changed.join(', ')})`
    : message.content;
}

/**
 * The earlier conversation as the model reads it, newest kept first within `maxChars`, so a long
 * conversation never fails for being too long; what is left out is said.
 */
export function conversationForModel(
  history: readonly ConversationMessage[],
  maxChars = HISTORY_MAX_CHARS,
): ModelMessage[] {
  const kept: ModelMessage[] = [];
  let used = 0;
  for (let index = history.length - 1; index >= 0; index -= 1) {
    const message = history[index] as ConversationMessage;
    const text = asModelText(message);
    if (used + text.length > maxChars) break;
    used += text.length;
    kept.unshift({ role: message.role, content: text });
  }
  // A conversation starts with the person; an answer whose question was dropped goes too.
  while (kept[0]?.role === 'assistant') kept.shift();
  const dropped = history.length - kept.length;
  if (dropped > 0) {
    kept.unshift(
      {
        role: 'user',
        content: `(${dropped} earlier message${dropped === 1 ? ' was' : 's were'} left out to keep this conversation short.)`,
      },
      { role: 'assistant', content: 'Understood.' },
    );
  }
  return kept;
}
