import type * as Monaco from 'monaco-editor';
import { editorShortcuts, monacoKeybinding, type EditorShortcutAction } from './editor-keybindings';
import { isMacPlatform } from './shortcuts';

/** What each workspace shortcut does. */
export type ShortcutHandlers = Record<EditorShortcutAction, () => void>;

type MonacoApi = typeof Monaco;
type CodeEditorInstance = Monaco.editor.IStandaloneCodeEditor;

/**
 * Binds the workspace shortcuts inside one Monaco editor (editor-keybindings.ts says which),
 * so they work with the cursor in the code, where Monaco would otherwise act on the key itself
 * or stop it before the window listener. `handlers` is read when a key is pressed, so it may
 * change between renders. The monaco API is a parameter so this module never pulls Monaco into
 * the editor page's chunk.
 *
 * Uses addAction rather than addCommand: addCommand's keybindings apply to every editor on the
 * page and can never be removed, while an action is scoped to this editor, is disposed with it,
 * and appears in Monaco's command palette (F1) under its label.
 */
export function bindEditorShortcuts(
  editor: CodeEditorInstance,
  monaco: MonacoApi,
  handlers: () => ShortcutHandlers,
): Monaco.IDisposable {
  const disposables: Monaco.IDisposable[] = [];

  // Holding a combo down must not toggle a panel over and over, as on the window listener
  // (use-workspace-shortcuts.ts). Monaco's keybinding service listens on the container in the
  // bubble phase, so a capture listener on the same node has seen the press before it runs.
  let repeating = false;
  const container = editor.getContainerDomNode();
  const noteKey = (event: KeyboardEvent) => {
    repeating = event.type === 'keydown' && event.repeat;
  };
  container.addEventListener('keydown', noteKey, true);
  container.addEventListener('keyup', noteKey, true);
  disposables.push({
    dispose: () => {
      container.removeEventListener('keydown', noteKey, true);
      container.removeEventListener('keyup', noteKey, true);
    },
  });

  for (const { action, label, keys } of editorShortcuts(isMacPlatform())) {
    disposables.push(
      editor.addAction({
        id: `kiln.workspace.${action}`,
        label,
        keybindings: keys.map((key) => monacoKeybinding(monaco, key)),
        run: () => {
          // Monaco has already claimed the key (no browser save or print dialog) either way.
          if (!repeating) handlers()[action]();
        },
      }),
    );
  }

  const all = {
    dispose: () => disposables.splice(0).forEach((disposable) => disposable.dispose()),
  };
  disposables.push(editor.onDidDispose(() => all.dispose()));
  return all;
}
