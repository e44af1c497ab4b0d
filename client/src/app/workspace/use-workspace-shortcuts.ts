import type * as Monaco from 'monaco-editor';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import {
  bindEditorShortcuts,
  isMacPlatform,
  matchShortcut,
  type ShortcutHandlers,
  type ShortcutScope,
} from '../../features/editor';

export type WorkspaceShortcutActions = ShortcutHandlers & {
  /** For overlays that are not Radix dialogs; Radix closes its own on Esc. */
  closeDialog?: () => void;
};

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
 * The workspace's shortcuts, on two paths that read the one catalogue in features/editor/dialogs/shortcuts.ts. The
 * window listener serves focus anywhere on the page; `bindEditor`, to pass as the code
 * editor's `onMount`, binds the same shortcuts inside Monaco, which acts on (or stops) the keys
 * it binds before they reach the window. Handlers are read at key time, so callers may pass
 * fresh closures on every render without re-subscribing.
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
    (editor: Monaco.editor.IStandaloneCodeEditor, monaco: typeof Monaco) =>
      bindEditorShortcuts(editor, monaco, () => actionsRef.current),
    [],
  );

  return { bindEditor };
}
