import { useCallback, useEffect, useRef } from 'react';

/** What had keyboard focus before a dialog took it. */
interface Opener {
  element: HTMLElement;
  /** The nearest focusable element around it, in case the opener itself is gone by then. */
  around: HTMLElement | null;
  /** Its accessible name, to find it again once it has been drawn anew. */
  label: string | null;
}

const FOCUSABLE =
  'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/** Radix dialogs, and Monaco's find widget, which is a dialog of the editor's own. */
const insideDialog = (element: Element) =>
  element.closest('[role="dialog"], [role="alertdialog"]') !== null;

function noteOpener(target: EventTarget | null): Opener | null {
  if (!(target instanceof HTMLElement) || target === document.body || insideDialog(target)) {
    return null;
  }
  return {
    element: target,
    around: target.parentElement?.closest<HTMLElement>(FOCUSABLE) ?? null,
    label: target.getAttribute('aria-label'),
  };
}

/**
 * Gives keyboard focus back to whatever opened a dialog when the dialog closes. Radix does this
 * for a dialog's trigger button, but the workspace's dialogs are opened by shortcuts (often with
 * the cursor in Monaco), tree rows and the autosave, with no trigger: focus then fell to the
 * page's body, where typing goes nowhere. So the last element focused outside any dialog is
 * remembered (a focusin listener also sees an input that focuses itself as a dialog opens), and
 * each dialog's `onCloseAutoFocus` puts focus back there: into the code editor through Monaco's
 * own focus() when the opener was in it. A dialog whose action lands in the code (a file
 * chosen, a line to go to) calls `focusEditorOnClose` first.
 */
export function useFocusReturn(focusEditor: () => boolean) {
  const opener = useRef<Opener | null>(null);
  const toEditor = useRef(false);

  useEffect(() => {
    opener.current = noteOpener(document.activeElement) ?? opener.current;
    const onFocusIn = (event: FocusEvent) => {
      opener.current = noteOpener(event.target) ?? opener.current;
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, []);

  const onCloseAutoFocus = useCallback(
    (event: Event) => {
      // Radix would focus the dialog's trigger, and these dialogs have none.
      event.preventDefault();
      const wantsEditor = toEditor.current;
      toEditor.current = false;
      // Focus already went somewhere on purpose (another dialog replaced this one).
      const active = document.activeElement;
      if (active && active !== document.body) return;
      if (wantsEditor && focusEditor()) return;
      restore(opener.current, focusEditor);
    },
    [focusEditor],
  );

  const focusEditorOnClose = useCallback(() => {
    toEditor.current = true;
  }, []);

  return { onCloseAutoFocus, focusEditorOnClose };
}

function restore(opener: Opener | null, focusEditor: () => boolean) {
  if (!opener) {
    focusEditor();
    return;
  }
  const { element, around, label } = opener;
  if (element.isConnected) {
    // Monaco takes keys through an element of its own; its focus() also restores its cursor.
    if (element.closest('.monaco-editor') && focusEditor()) return;
    element.focus();
    return;
  }
  if (!around?.isConnected) {
    focusEditor();
    return;
  }
  // The opener was drawn only while in use (a tree row's Rename and Delete buttons): focusing
  // what held it draws it again, and then the control of the same name takes focus back.
  around.focus();
  if (!label) return;
  requestAnimationFrame(() => {
    if (!around.contains(document.activeElement)) return;
    const again = around.querySelector(`[aria-label="${CSS.escape(label)}"]`);
    if (again instanceof HTMLElement) again.focus();
  });
}
