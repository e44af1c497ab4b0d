/**
 * The workspace's keyboard shortcuts, in one catalogue that the help dialog lists,
 * the window listener matches and the Monaco bindings read, so the three cannot drift apart.
 */

/** What a workspace shortcut does; the Monaco-only rows (Find, Comment...) have none. */
export type ShortcutAction =
  | 'quickOpen'
  | 'searchInFiles'
  | 'goToLine'
  | 'toggleSidebar'
  | 'save'
  | 'saveAll'
  | 'newFile'
  | 'run'
  | 'preview'
  | 'terminal'
  | 'aiSuggestions'
  | 'shortcutsHelp'
  | 'closeDialog';

export const SHORTCUT_GROUPS = [
  'General',
  'Editor',
  'Navigation',
  'Code Execution',
  'Multi-cursor',
] as const;
export type ShortcutGroup = (typeof SHORTCUT_GROUPS)[number];

/**
 * Where the window listener acts on a combo: anywhere; only with focus outside Monaco (which
 * has its own meaning for the key); or only outside anything that takes typing.
 */
export type ShortcutScope = 'anywhere' | 'outsideEditor' | 'outsideText';

export interface KeyCombo {
  /** A KeyboardEvent.key value; letters in upper case. 'Click' is a mouse gesture. */
  key: string;
  /** Cmd on Mac, Ctrl elsewhere. */
  mod?: boolean;
  /**
   * The Control key itself, on a Mac too (⌃), where Monaco binds a few keys to it. Only rows
   * without an action use it: the window listener matches `mod`.
   */
  ctrl?: boolean;
  shift?: boolean;
  alt?: boolean;
  /** Also decides which combos are bound inside Monaco (editor-keybindings.ts). */
  scope?: ShortcutScope;
  /** Shown after the keys in the help dialog. */
  note?: string;
  /** The Mac key when it differs (macOS keeps Cmd+H for hiding the app). */
  mac?: Omit<KeyCombo, 'mac'>;
}

export interface Shortcut {
  label: string;
  group: ShortcutGroup;
  combos: KeyCombo[];
  action?: ShortcutAction;
}

/**
 * Monaco keeps Tab for indenting, which traps keyboard focus in the code. Its own
 * editor.action.toggleTabFocusMode (Ctrl+M, ⌃⇧M on a Mac) makes Tab move focus instead, and
 * back; Kiln binds neither key (editor-keybindings.test.ts checks), and the help says so.
 */
export const TAB_FOCUS_MODE: KeyCombo = {
  key: 'M',
  mod: true,
  mac: { key: 'M', ctrl: true, shift: true },
};

export const SHORTCUTS: readonly Shortcut[] = [
  { label: 'Save', group: 'General', action: 'save', combos: [{ key: 'S', mod: true }] },
  {
    label: 'Save all',
    group: 'General',
    action: 'saveAll',
    combos: [{ key: 'S', mod: true, shift: true }],
  },
  {
    label: 'New file',
    group: 'General',
    action: 'newFile',
    combos: [{ key: 'N', mod: true }],
  },
  {
    label: 'Toggle sidebar',
    group: 'General',
    action: 'toggleSidebar',
    combos: [{ key: 'B', mod: true }],
  },
  {
    label: 'Shortcuts help',
    group: 'General',
    action: 'shortcutsHelp',
    combos: [
      { key: 'K', mod: true },
      { key: '?', scope: 'outsideText' },
      // Inside Monaco the same key toggles a line comment.
      { key: '/', mod: true, scope: 'outsideEditor', note: 'outside the editor' },
    ],
  },
  { label: 'Close dialog', group: 'General', action: 'closeDialog', combos: [{ key: 'Escape' }] },

  {
    label: 'Quick file search',
    group: 'Navigation',
    action: 'quickOpen',
    combos: [{ key: 'P', mod: true }],
  },
  {
    label: 'Search in files',
    group: 'Navigation',
    action: 'searchInFiles',
    combos: [{ key: 'F', mod: true, shift: true }],
  },
  {
    label: 'Go to line',
    group: 'Navigation',
    action: 'goToLine',
    combos: [{ key: 'G', mod: true }],
  },
  { label: 'Go to definition', group: 'Navigation', combos: [{ key: 'F12' }] },

  { label: 'Find', group: 'Editor', combos: [{ key: 'F', mod: true }] },
  {
    label: 'Replace',
    group: 'Editor',
    combos: [{ key: 'H', mod: true, mac: { key: 'F', mod: true, alt: true } }],
  },
  { label: 'Comment', group: 'Editor', combos: [{ key: '/', mod: true }] },
  {
    label: 'Move line',
    group: 'Editor',
    combos: [
      { key: 'ArrowUp', alt: true },
      { key: 'ArrowDown', alt: true },
    ],
  },
  { label: 'Delete line', group: 'Editor', combos: [{ key: 'K', mod: true, shift: true }] },
  { label: 'Tab moves focus (on/off)', group: 'Editor', combos: [TAB_FOCUS_MODE] },
  {
    label: 'AI suggestions',
    group: 'Editor',
    action: 'aiSuggestions',
    combos: [{ key: '.', mod: true }],
  },

  {
    label: 'Run',
    group: 'Code Execution',
    action: 'run',
    combos: [
      { key: 'Enter', mod: true },
      { key: 'E', mod: true, shift: true },
    ],
  },
  {
    label: 'Preview',
    group: 'Code Execution',
    action: 'preview',
    combos: [{ key: 'P', mod: true, shift: true }],
  },
  {
    label: 'Terminal',
    group: 'Code Execution',
    action: 'terminal',
    // Browsers commonly keep this combo (reopen a closed tab) and never pass it to the page.
    combos: [{ key: 'T', mod: true, shift: true, note: 'if the browser allows' }],
  },

  {
    label: 'Add selection (multi-cursor)',
    group: 'Multi-cursor',
    combos: [{ key: 'D', mod: true }],
  },
  {
    label: 'Select all occurrences',
    group: 'Multi-cursor',
    combos: [{ key: 'L', mod: true, shift: true }],
  },
  { label: 'Add cursor', group: 'Multi-cursor', combos: [{ key: 'Click', alt: true }] },
];

/** The combo in effect on this platform. */
export function comboFor(combo: KeyCombo, isMac: boolean): Omit<KeyCombo, 'mac'> {
  return isMac && combo.mac ? combo.mac : combo;
}

/** Mac or not, from the client hints when the browser has them, else the older fields. */
export function isMacPlatform(): boolean {
  if (typeof navigator === 'undefined') return false;
  const hinted = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData
    ?.platform;
  return /mac|iphone|ipad|ipod/i.test(hinted || navigator.platform || navigator.userAgent);
}

const KEY_NAMES: Record<string, string> = {
  ArrowUp: '↑',
  ArrowDown: '↓',
  Escape: 'Esc',
};

/** The keys of a combo as the help dialog shows them, one entry per <kbd>. */
export function comboKeys(combo: KeyCombo, isMac: boolean): string[] {
  const effective = comboFor(combo, isMac);
  const keys: string[] = [];
  // Apple's order is Control, Option, Shift, Cmd; elsewhere Ctrl, Shift, Alt reads naturally.
  if (isMac) {
    if (effective.ctrl) keys.push('⌃');
    if (effective.alt) keys.push('⌥');
    if (effective.shift) keys.push('⇧');
    if (effective.mod) keys.push('⌘');
  } else {
    if (effective.mod || effective.ctrl) keys.push('Ctrl');
    if (effective.shift) keys.push('Shift');
    if (effective.alt) keys.push('Alt');
  }
  keys.push(KEY_NAMES[effective.key] ?? effective.key);
  return keys;
}

/** A combo as one string, for titles and screen readers: ⌘⇧F on Mac, Ctrl+Shift+F elsewhere. */
export function comboLabel(combo: KeyCombo, isMac: boolean): string {
  return comboKeys(combo, isMac).join(isMac ? '' : '+');
}

/** The first combo of an action, as one string: what a button's title offers as its key. */
export function shortcutLabel(action: ShortcutAction, isMac: boolean): string {
  const combo = SHORTCUTS.find((shortcut) => shortcut.action === action)?.combos[0];
  return combo ? comboLabel(combo, isMac) : '';
}

/** The parts of a KeyboardEvent the matcher reads. */
export interface KeyEventLike {
  key: string;
  code?: string;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/**
 * The key of an event, normalised like the catalogue: letters in upper case, and on non-Latin
 * layouts the letter of the physical key, so Ctrl+P still works with a Cyrillic layout.
 */
function normalisedKey(event: KeyEventLike): string {
  const { key } = event;
  if (key.length !== 1) return key;
  const upper = key.toUpperCase();
  if (/^[A-Z]$/.test(upper)) return upper;
  if (event.code && /^Key[A-Z]$/.test(event.code) && /\p{L}/u.test(key)) return event.code.slice(3);
  return key;
}

export interface ShortcutMatch {
  action: ShortcutAction;
  scope: ShortcutScope;
}

/**
 * Which workspace shortcut a key press is, if any. Cmd is the modifier on Mac and Ctrl
 * elsewhere; the other one never matches, so Ctrl+P on a Mac stays the editor's. Shift only
 * counts for letters and named keys: for punctuation it is part of the character ('?' is
 * Shift+/ on US layouts, '/' is Shift+7 on German ones).
 */
export function matchShortcut(event: KeyEventLike, isMac: boolean): ShortcutMatch | null {
  const mod = isMac ? event.metaKey : event.ctrlKey;
  const foreignMod = isMac ? event.ctrlKey : event.metaKey;
  if (foreignMod) return null;
  const key = normalisedKey(event);
  const isPunctuation = key.length === 1 && !/^[A-Z0-9]$/.test(key);
  for (const shortcut of SHORTCUTS) {
    if (!shortcut.action) continue;
    for (const raw of shortcut.combos) {
      const combo = comboFor(raw, isMac);
      if (combo.key !== key) continue;
      if (Boolean(combo.mod) !== mod || Boolean(combo.alt) !== event.altKey) continue;
      if (!isPunctuation && Boolean(combo.shift) !== event.shiftKey) continue;
      return { action: shortcut.action, scope: combo.scope ?? 'anywhere' };
    }
  }
  return null;
}
