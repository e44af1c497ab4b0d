import { describe, expect, it } from 'vitest';
import {
  editorShortcuts,
  monacoKeybinding,
  monacoKeyName,
  type EditorKey,
  type MonacoKeyName,
} from './editor-keybindings';
import { comboFor, matchShortcut, SHORTCUTS } from './shortcuts';

/** An EditorKey as the window listener's labels read: Ctrl+Shift+B. */
function label({ key, ctrlCmd, shift, alt }: EditorKey): string {
  const name = key.replace(/^Key/, '');
  return [ctrlCmd && 'Mod', shift && 'Shift', alt && 'Alt', name].filter(Boolean).join('+');
}

function boundLabels(isMac: boolean): Map<string, string> {
  const bound = new Map<string, string>();
  for (const shortcut of editorShortcuts(isMac)) {
    for (const key of shortcut.keys) bound.set(label(key), shortcut.action);
  }
  return bound;
}

describe('editorShortcuts: the workspace keys Kiln claims inside Monaco', () => {
  it('binds every workspace shortcut that works with focus in the editor', () => {
    expect(Object.fromEntries(boundLabels(false))).toEqual({
      'Mod+S': 'save',
      'Mod+Shift+S': 'saveAll',
      'Mod+N': 'newFile',
      'Mod+B': 'toggleSidebar',
      'Mod+K': 'shortcutsHelp',
      'Mod+P': 'quickOpen',
      'Mod+Shift+F': 'searchInFiles',
      'Mod+G': 'goToLine',
      'Mod+Period': 'aiSuggestions',
      'Mod+Enter': 'run',
      'Mod+Shift+E': 'run',
      'Mod+Shift+P': 'preview',
      'Mod+Shift+T': 'terminal',
    });
  });

  it('is the window listener’s table, so the two paths cannot drift apart', () => {
    for (const isMac of [false, true]) {
      const bound = boundLabels(isMac);
      let editorCombos = 0;
      for (const shortcut of SHORTCUTS) {
        for (const raw of shortcut.combos) {
          const combo = comboFor(raw, isMac);
          const match = matchShortcut(
            {
              key: combo.key,
              metaKey: isMac && Boolean(combo.mod),
              ctrlKey: !isMac && Boolean(combo.mod),
              shiftKey: Boolean(combo.shift),
              altKey: Boolean(combo.alt),
            },
            isMac,
          );
          if (!match || match.scope !== 'anywhere' || match.action === 'closeDialog') continue;
          editorCombos += 1;
          const name = monacoKeyName(combo.key);
          expect(name, `${combo.key} has a Monaco key`).not.toBeNull();
          const key = { key: name ?? 'Unknown', ctrlCmd: Boolean(combo.mod) };
          const shift = Boolean(combo.shift);
          expect(bound.get(label({ ...key, shift, alt: Boolean(combo.alt) }))).toBe(match.action);
        }
      }
      expect(bound.size).toBe(editorCombos);
    }
  });

  it('leaves Monaco its own keys', () => {
    const bound = boundLabels(false);
    for (const own of [
      'Mod+F', // Find
      'Mod+H', // Replace
      'Mod+Slash', // Comment
      'Mod+D', // Add selection
      'Mod+Shift+L', // Select all occurrences
      'Mod+Shift+K', // Delete line
      'Alt+UpArrow',
      'Alt+DownArrow',
      'F12',
      'Mod+Z',
      'Mod+Y',
      'Mod+Shift+Z',
      'Mod+A',
      'Mod+C',
      'Mod+V',
      'Mod+X',
      'Escape',
      'Mod+M', // Tab moves focus (Monaco's toggleTabFocusMode)
    ]) {
      expect(bound.has(own), own).toBe(false);
    }
  });

  it('leaves M alone on every platform, so Monaco’s Tab focus toggle keeps its key', () => {
    for (const isMac of [false, true]) {
      const keys = editorShortcuts(isMac).flatMap((shortcut) => shortcut.keys);
      expect(keys.some((key) => key.key === 'KeyM')).toBe(false);
    }
  });

  it('never binds ? or the outside-the-editor Mod+/ in the editor, where they are typing', () => {
    const keys = editorShortcuts(false).flatMap((shortcut) => shortcut.keys);
    expect(keys.some((key) => key.key === 'Slash')).toBe(false);
    expect(keys.every((key) => key.ctrlCmd)).toBe(true);
  });
});

describe('monacoKeyName', () => {
  it.each([
    ['B', 'KeyB'],
    ['7', 'Digit7'],
    ['F12', 'F12'],
    ['.', 'Period'],
    ['/', 'Slash'],
    ['Enter', 'Enter'],
    ['ArrowUp', 'UpArrow'],
    ['Escape', 'Escape'],
  ])('names %s as %s', (key, name) => {
    expect(monacoKeyName(key)).toBe(name);
  });

  it('has no key for a mouse gesture or an unknown name', () => {
    expect(monacoKeyName('Click')).toBeNull();
    expect(monacoKeyName('b')).toBeNull();
  });
});

describe('monacoKeybinding', () => {
  // Monaco's own values of KeyMod and KeyCode, so the packing is checked against the real ones.
  const monaco = {
    KeyMod: { CtrlCmd: 2048, Shift: 1024, Alt: 512 },
    KeyCode: { KeyB: 32, Period: 89 } as Readonly<Record<MonacoKeyName, number>>,
  };

  it('packs the modifiers and the key into one number', () => {
    expect(monacoKeybinding(monaco, { key: 'KeyB', ctrlCmd: true, shift: false, alt: false })).toBe(
      2048 | 32,
    );
    expect(monacoKeybinding(monaco, { key: 'Period', ctrlCmd: true, shift: true, alt: true })).toBe(
      2048 | 1024 | 512 | 89,
    );
  });
});
