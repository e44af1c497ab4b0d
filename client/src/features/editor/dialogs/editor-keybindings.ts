import type * as Monaco from 'monaco-editor';
import { comboFor, SHORTCUTS, type ShortcutAction } from './shortcuts';

/**
 * Which workspace shortcuts Kiln claims inside Monaco, derived from the one catalogue in
 * shortcuts.ts. Monaco handles (and stops) the keys it binds before the window listener sees
 * them, so every combo the listener would act on with focus in the editor (scope 'anywhere') is
 * bound in Monaco too. Nothing else is: the catalogue's Monaco rows (Find, Comment, Cmd+D...)
 * have no action and keep Monaco's meaning, as do Undo, copy and paste, which it does not list.
 */

/** The actions a key can start; Esc only closes dialogs, which Monaco and Radix do themselves. */
export type EditorShortcutAction = Exclude<ShortcutAction, 'closeDialog'>;

/** A name of Monaco's KeyCode enum, e.g. 'KeyB' or 'Period'. */
export type MonacoKeyName = keyof typeof Monaco.KeyCode;

/** One Monaco keybinding, before it is packed into Monaco's number. */
export interface EditorKey {
  key: MonacoKeyName;
  /** Cmd on Mac, Ctrl elsewhere: Monaco's KeyMod.CtrlCmd. */
  ctrlCmd: boolean;
  shift: boolean;
  alt: boolean;
}

export interface EditorShortcut {
  action: EditorShortcutAction;
  label: string;
  keys: EditorKey[];
}

const NAMED_KEYS: Readonly<Record<string, MonacoKeyName>> = {
  Enter: 'Enter',
  Escape: 'Escape',
  Tab: 'Tab',
  ' ': 'Space',
  Backspace: 'Backspace',
  Delete: 'Delete',
  Home: 'Home',
  End: 'End',
  PageUp: 'PageUp',
  PageDown: 'PageDown',
  ArrowUp: 'UpArrow',
  ArrowDown: 'DownArrow',
  ArrowLeft: 'LeftArrow',
  ArrowRight: 'RightArrow',
  // Punctuation by its key on a US layout, which is how Monaco names it.
  '.': 'Period',
  ',': 'Comma',
  '/': 'Slash',
  ';': 'Semicolon',
  "'": 'Quote',
  '[': 'BracketLeft',
  ']': 'BracketRight',
  '\\': 'Backslash',
  '-': 'Minus',
  '=': 'Equal',
  '`': 'Backquote',
};

/** The Monaco key of a catalogue key (letters in upper case), or null if Monaco has none. */
export function monacoKeyName(key: string): MonacoKeyName | null {
  if (/^[A-Z]$/.test(key)) return `Key${key}` as MonacoKeyName;
  if (/^[0-9]$/.test(key)) return `Digit${key}` as MonacoKeyName;
  if (/^F([1-9]|1[0-9])$/.test(key)) return key as MonacoKeyName;
  return NAMED_KEYS[key] ?? null;
}

/** The workspace shortcuts to bind inside Monaco on this platform, in catalogue order. */
export function editorShortcuts(isMac: boolean): EditorShortcut[] {
  const result: EditorShortcut[] = [];
  for (const shortcut of SHORTCUTS) {
    const { action } = shortcut;
    if (!action || action === 'closeDialog') continue;
    const keys: EditorKey[] = [];
    for (const raw of shortcut.combos) {
      const combo = comboFor(raw, isMac);
      if ((combo.scope ?? 'anywhere') !== 'anywhere') continue;
      const key = monacoKeyName(combo.key);
      if (!key) continue;
      keys.push({
        key,
        ctrlCmd: Boolean(combo.mod),
        shift: Boolean(combo.shift),
        alt: Boolean(combo.alt),
      });
    }
    if (keys.length > 0) result.push({ action, label: shortcut.label, keys });
  }
  return result;
}

/** The parts of the monaco API a keybinding is made of. */
export interface MonacoKeyApi {
  KeyMod: { readonly CtrlCmd: number; readonly Shift: number; readonly Alt: number };
  KeyCode: Readonly<Record<MonacoKeyName, number>>;
}

/** An EditorKey as Monaco's keybinding number. */
export function monacoKeybinding(monaco: MonacoKeyApi, key: EditorKey): number {
  return (
    (key.ctrlCmd ? monaco.KeyMod.CtrlCmd : 0) |
    (key.shift ? monaco.KeyMod.Shift : 0) |
    (key.alt ? monaco.KeyMod.Alt : 0) |
    monaco.KeyCode[key.key]
  );
}
