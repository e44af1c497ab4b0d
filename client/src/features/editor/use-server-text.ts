import { useEffect, useRef } from 'react';
import type { OpenFile } from './use-open-file';
import type { Drafts } from './drafts';

/**
 * The AI agent, or an undo of its turn, changes files on the server: the refreshed list then
 * names a new version of the open file, whose Monaco model still holds the text it was created
 * with. It takes the new text unless it has unsaved edits; those stay, and meet the change at
 * their next save (the conflict dialog). `applying` is true while Monaco takes such text, which
 * is not an edit of the person's: no draft, nothing to save.
 */
export function useServerText(openFile: OpenFile, drafts: Drafts) {
  const applying = useRef(false);
  const shownVersion = useRef<string | null>(null);
  const shownFile = openFile.file;
  useEffect(() => {
    if (!shownFile || openFile.loading) return;
    const key = `${shownFile.id}:${shownFile.version}`;
    const previous = shownVersion.current;
    shownVersion.current = key;
    if (previous === null || previous === key || drafts[shownFile.path]) return;
    const { path, content } = shownFile;
    void import('./monaco-setup').then(({ setOpenFileContent }) => {
      applying.current = true;
      try {
        setOpenFileContent(path, content ?? '');
      } finally {
        applying.current = false;
      }
    });
  }, [shownFile, openFile.loading, drafts]);
  return applying;
}
