import type * as Monaco from 'monaco-editor';
import { useMemo, useSyncExternalStore } from 'react';
import {
  selectedLines,
  summarizeTarget,
  type LineSpan,
  type TargetSummary,
  type TextRange,
} from './target';

/** The code editor on screen and the Monaco API it was made with (its onMount hands both). */
export interface CodeEditorHandle {
  editor: Monaco.editor.IStandaloneCodeEditor;
  monaco: typeof Monaco;
}

/** What the editor holds for the open file, read when an action starts. */
export interface EditorReading {
  model: Monaco.editor.ITextModel;
  text: string;
  selection: { range: TextRange; lines: LineSpan } | null;
}

/**
 * The editor's text and selection for `path`, or null while the editor shows no such file (it
 * names each model by its file's path, and keeps the previous one while the next loads).
 */
export function readEditor(handle: CodeEditorHandle, path: string): EditorReading | null {
  const model = handle.editor.getModel();
  if (!model || model.isDisposed() || model.uri.path !== `/${path}`) return null;
  const selected = handle.editor.getSelection();
  const selection =
    selected && !selected.isEmpty()
      ? {
          range: {
            start: model.getOffsetAt(selected.getStartPosition()),
            end: model.getOffsetAt(selected.getEndPosition()),
          },
          lines: selectedLines(selected),
        }
      : null;
  return { model, text: model.getValue(), selection };
}

function sameSummary(a: TargetSummary | null, b: TargetSummary | null): boolean {
  if (!a || !b) return a === b;
  return (
    a.path === b.path &&
    a.blank === b.blank &&
    a.length === b.length &&
    a.lines?.first === b.lines?.first &&
    a.lines?.last === b.lines?.last
  );
}

/**
 * What the summary depends on, cheap to read: the model, its text's version and the selection.
 * Read on every snapshot, so a change made before the store subscribed (Monaco switches models
 * in an effect that may run first) is not missed.
 */
function editorState(handle: CodeEditorHandle | null): string {
  const model = handle?.editor.getModel();
  if (!handle || !model || model.isDisposed()) return '';
  return `${model.uri.toString()}|${model.getVersionId()}|${handle.editor.getSelection()?.toString() ?? ''}`;
}

/** A store over the editor's events, so the panel follows typing and selecting. */
function targetStore(handle: CodeEditorHandle | null, path: string | null) {
  let summary: TargetSummary | null = null;
  let readState: string | null = null;
  return {
    subscribe(notify: () => void) {
      if (!handle) return () => undefined;
      const { editor } = handle;
      const subscriptions = [
        editor.onDidChangeModel(notify),
        editor.onDidChangeModelContent(notify),
        editor.onDidChangeCursorSelection(notify),
        editor.onDidDispose(notify),
      ];
      return () => subscriptions.forEach((subscription) => subscription.dispose());
    },
    getSnapshot(): TargetSummary | null {
      const state = editorState(handle);
      if (state !== readState) {
        readState = state;
        const reading = handle && path ? readEditor(handle, path) : null;
        const next =
          reading && path ? summarizeTarget(path, reading.text, reading.selection) : null;
        // Moving the cursor changes nothing the panel shows: no new render.
        if (!sameSummary(summary, next)) summary = next;
      }
      return summary;
    },
  };
}

/** What a quick action would work on now, in short; null without a file's code on screen. */
export function useTargetSummary(
  handle: CodeEditorHandle | null,
  path: string | null,
): TargetSummary | null {
  const store = useMemo(() => targetStore(handle, path), [handle, path]);
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}
