import type { ProjectFileEntry } from '@kiln/shared';
import type * as Monaco from 'monaco-editor';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../components/ui/toast-store';
import type { Drafts } from '../../features/editor';
import type { CodeEditorHandle } from '../../features/quick-actions';
import type { FileSelection } from './use-file-selection';

type MonacoEditorInstance = Monaco.editor.IStandaloneCodeEditor;

/**
 * The code editor on screen: moving its cursor to a line (here or in another file), giving it
 * the focus, and reading its text, which is fresher than any draft.
 */
export function useCodeNavigation(
  selection: FileSelection,
  { drafts, onShowCode }: { drafts: Drafts; onShowCode: () => void },
) {
  const { fileList, shownPath, openFile, select } = selection;
  const editorRef = useRef<MonacoEditorInstance | null>(null);
  // The Quick Actions tab reads the code editor's text and selection, and makes its diff with
  // the same Monaco.
  const [codeEditor, setCodeEditor] = useState<CodeEditorHandle | null>(null);
  const pendingReveal = useRef<{ path: string; line: number; column: number } | null>(null);

  const attach = useCallback((editor: MonacoEditorInstance, monaco: typeof Monaco) => {
    editorRef.current = editor;
    setCodeEditor({ editor, monaco });
  }, []);

  const reveal = useCallback((line: number, column = 1) => {
    const editor = editorRef.current;
    if (!editor) return;
    editor.setPosition({ lineNumber: line, column });
    editor.revealLineInCenter(line);
    editor.focus();
  }, []);

  // A search result or a review finding: the file opens (on a phone, in Code) with the cursor
  // at the line; in another file, once its model is in place.
  const openAt = useCallback(
    (path: string, line: number, column = 1) => {
      onShowCode();
      if (path === shownPath) {
        reveal(line, column);
        return;
      }
      if (!fileList.some((file) => file.path === path && !file.isDirectory)) {
        toast({ title: 'File not found', description: `${path} is not in this project.` });
        return;
      }
      pendingReveal.current = { path, line, column };
      select(path);
    },
    [fileList, shownPath, reveal, select, onShowCode],
  );

  useEffect(() => {
    const target = pendingReveal.current;
    if (!target || target.path !== shownPath) return;
    const frame = requestAnimationFrame(() => {
      pendingReveal.current = null;
      reveal(target.line, target.column);
    });
    return () => cancelAnimationFrame(frame);
  }, [shownPath, reveal]);

  // False when there is no code editor on screen to take the focus.
  const focusEditor = useCallback(() => {
    const editor = editorRef.current;
    const node = editor?.getContainerDomNode();
    if (!editor || !node?.isConnected || node.getClientRects().length === 0) return false;
    editor.focus();
    return true;
  }, []);

  // The editor's text is what runs (and what the agents are given), saved or not. Monaco holds
  // the freshest copy (a draft is one render behind a keystroke); a file without an open model
  // uses its draft.
  const editorText = (file: ProjectFileEntry): string | null => {
    const model = editorRef.current?.getModel();
    if (model && !model.isDisposed() && model.uri.path === `/${file.path}`) return model.getValue();
    return (
      drafts[file.path]?.content ??
      (file.path === shownPath ? openFile.file?.content : null) ??
      null
    );
  };

  const lineCount = () => editorRef.current?.getModel()?.getLineCount() ?? 1;

  return { codeEditor, attach, reveal, openAt, focusEditor, editorText, lineCount };
}

export type CodeNavigation = ReturnType<typeof useCodeNavigation>;
