import type * as Monaco from 'monaco-editor';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import {
  isMacPlatform,
  matchShortcut,
  SHORTCUTS,
  type KeyCombo,
  type ShortcutAction,
  type ShortcutScope,
} from './shortcuts';

type Handler = () => void;

export type WorkspaceShortcutActions = Record<Exclude<ShortcutAction, 'closeDialog'>, Handler> & {
  /** For overlays that are not Radix dialogs; Radix closes its own on Esc. */
  closeDialog?: Handler;
};

type MonacoApi = typeof Monaco;
type CodeEditorInstance = Monaco.editor.IStandaloneCodeEditor;

/** Where keyboard focus is, as far as the shortcut scopes care. */
function focusArea(target: EventTarget | null): 'editor' | 'text' | 'other' {
  if (!(target instanceof Element)) return 'other';
  if (target.closest('.monaco-editor')) return 'editor';
  if (target.closest('input, textarea, select')) return 'text';
  if (target instanceof HTMLElement && target.isContentEditable) return 'text';
  return 'other';
}

function inScope(scope: ShortcutScope, area: ReturnType<typeof focusArea>): boolean {
  if (scope === 'outsideEditor') return area !== 'editor';
  if (scope === 'outsideText') return area === 'other';
  return true;
}

/**
 * Spec editor 9: the workspace's shortcuts on the window. Handlers are read at key time, so
 * callers may pass fresh closures on every render without re-subscribing. Returns
 * `bindEditor`, to pass as the code editor's `onMount`, for the keys Monaco would otherwise
 * keep to itself.
 */
export function useWorkspaceShortcuts(actions: WorkspaceShortcutActions) {
  const actionsRef = useRef(actions);
  useLayoutEffect(() => {
    actionsRef.current = actions;
  });

  useEffect(() => {
    const isMac = isMacPlatform();
    const onKeyDown = (event: KeyboardEvent) => {
      // Monaco, a menu or a dialog has already acted on it, or an IME is composing text.
      if (event.defaultPrevented || event.isComposing) return;
      const match = matchShortcut(event, isMac);
      if (!match || !inScope(match.scope, focusArea(event.target))) return;
      if (match.action === 'closeDialog') {
        // Observed, not claimed: Radix dialogs and Monaco's widgets close on Esc too.
        actionsRef.current.closeDialog?.();
        return;
      }
      // Cmd+S and Cmd+P would open the browser's save and print dialogs.
      event.preventDefault();
      // Holding a combo down must not open and close a dialog over and over.
      if (event.repeat) return;
      actionsRef.current[match.action]();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const bindEditor = useCallback(
    (editor: CodeEditorInstance, monaco: MonacoApi) =>
      bindEditorCommands(editor, monaco, () => actionsRef.current),
    [],
  );

  return { bindEditor };
}

function monacoKeyCode(monaco: MonacoApi, key: string): Monaco.KeyCode | null {
  if (/^[A-Z]$/.test(key)) return monaco.KeyCode[`Key${key}` as keyof typeof monaco.KeyCode];
  if (key === '.') return monaco.KeyCode.Period;
  if (key === '/') return monaco.KeyCode.Slash;
  if (key === 'Enter') return monaco.KeyCode.Enter;
  return null;
}

/** A catalogue combo as a Monaco keybinding (KeyMod.CtrlCmd is Cmd on Mac, Ctrl elsewhere). */
export function monacoKeybinding(monaco: MonacoApi, combo: KeyCombo): number | null {
  const keyCode = monacoKeyCode(monaco, combo.key);
  if (keyCode === null) return null;
  return (
    (combo.mod ? monaco.KeyMod.CtrlCmd : 0) |
    (combo.shift ? monaco.KeyMod.Shift : 0) |
    (combo.alt ? monaco.KeyMod.Alt : 0) |
    keyCode
  );
}

/**
 * Binds inside Monaco the workspace keys it would otherwise handle or swallow while focused
 * (Cmd+P, Cmd+G, Cmd+K...). Monaco's own keys (Find, Replace, Comment, Cmd+D, Alt+Up/Down,
 * Cmd+Shift+K, F12) are left alone. The monaco API is a parameter so this module never pulls
 * Monaco into the editor page's chunk.
 *
 * Uses addAction rather than addCommand: addCommand's keybindings apply to every editor on the
 * page and can never be removed, while an action is scoped to this editor, is disposed with it,
 * and appears in Monaco's command palette (F1) under its label.
 */
export function bindEditorCommands(
  editor: CodeEditorInstance,
  monaco: MonacoApi,
  actions: WorkspaceShortcutActions | (() => WorkspaceShortcutActions),
): Monaco.IDisposable {
  const current = typeof actions === 'function' ? actions : () => actions;
  const disposables: Monaco.IDisposable[] = [];
  for (const shortcut of SHORTCUTS) {
    const { action } = shortcut;
    if (!action || action === 'closeDialog') continue;
    const keybindings = shortcut.combos
      .filter((combo) => combo.inEditor)
      .map((combo) => monacoKeybinding(monaco, combo))
      .filter((keybinding) => keybinding !== null);
    if (keybindings.length === 0) continue;
    disposables.push(
      editor.addAction({
        id: `kiln.workspace.${action}`,
        label: shortcut.label,
        keybindings,
        run: () => current()[action](),
      }),
    );
  }
  const all = {
    dispose: () => disposables.splice(0).forEach((disposable) => disposable.dispose()),
  };
  disposables.push(editor.onDidDispose(() => all.dispose()));
  return all;
}
