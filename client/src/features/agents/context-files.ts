import { AGENT_FILE_CHARS_MAX, AGENT_FILES_MAX, type AgentFile } from '@kiln/shared';

/**
 * The code the agents are given with a request: the open file as the editor holds it, and every
 * file with edits not saved yet. The agents read saved files themselves, so unsaved text is what
 * they could not see otherwise. A file over the per-file limit is left for them to read in
 * parts; at most AGENT_FILES_MAX are sent, the open one first.
 */
export function agentContextFiles({
  openFile,
  drafts,
}: {
  openFile: AgentFile | null;
  drafts: Readonly<Record<string, { content: string }>>;
}): AgentFile[] {
  const files = new Map<string, string>();
  if (openFile) files.set(openFile.path, openFile.content);
  for (const [path, draft] of Object.entries(drafts)) {
    if (!files.has(path)) files.set(path, draft.content);
  }
  return [...files]
    .filter(([, content]) => content.length <= AGENT_FILE_CHARS_MAX)
    .slice(0, AGENT_FILES_MAX)
    .map(([path, content]) => ({ path, content }));
}
