import { describe, expect, it } from 'vitest';
import {
  comboKeys,
  comboLabel,
  matchShortcut,
  SHORTCUT_GROUPS,
  SHORTCUTS,
  shortcutLabel,
  type KeyEventLike,
} from './shortcuts';

function press(key: string, modifiers: Partial<Omit<KeyEventLike, 'key'>> = {}): KeyEventLike {
  return { key, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, ...modifiers };
}

const mac = { metaKey: true };
const pc = { ctrlKey: true };

describe('matchShortcut (spec editor 9)', () => {
  it.each([
    ['p', {}, 'quickOpen'],
    ['f', { shiftKey: true }, 'searchInFiles'],
    ['g', {}, 'goToLine'],
    ['b', {}, 'toggleSidebar'],
    ['s', {}, 'save'],
    ['s', { shiftKey: true }, 'saveAll'],
    ['n', {}, 'newFile'],
    ['Enter', {}, 'run'],
    ['e', { shiftKey: true }, 'run'],
    ['p', { shiftKey: true }, 'preview'],
    ['t', { shiftKey: true }, 'terminal'],
    ['.', {}, 'aiSuggestions'],
    ['k', {}, 'shortcutsHelp'],
    ['/', {}, 'shortcutsHelp'],
  ] as const)('Mod+%s %o is %s on both platforms', (key, extra, action) => {
    expect(matchShortcut(press(key, { ...mac, ...extra }), true)?.action).toBe(action);
    expect(matchShortcut(press(key, { ...pc, ...extra }), false)?.action).toBe(action);
  });

  it('uses Cmd on Mac and Ctrl elsewhere, never the other one', () => {
    expect(matchShortcut(press('p', pc), true)).toBeNull();
    expect(matchShortcut(press('p', mac), false)).toBeNull();
    expect(matchShortcut(press('p', { metaKey: true, ctrlKey: true }), true)).toBeNull();
  });

  it('reads Shift for letters whatever their case', () => {
    expect(matchShortcut(press('F', { ...pc, shiftKey: true }), false)?.action).toBe(
      'searchInFiles',
    );
    expect(matchShortcut(press('P', { ...pc, shiftKey: true }), false)?.action).toBe('preview');
    expect(matchShortcut(press('P', pc), false)?.action).toBe('quickOpen');
  });

  it('needs exactly the modifiers of the combo', () => {
    expect(matchShortcut(press('p'), false)).toBeNull();
    expect(matchShortcut(press('p', { ...pc, altKey: true }), false)).toBeNull();
    expect(matchShortcut(press('Enter', { ...pc, shiftKey: true }), false)).toBeNull();
    expect(matchShortcut(press('g', { ...pc, shiftKey: true }), false)).toBeNull();
  });

  it('leaves Monaco its own keys', () => {
    for (const [key, extra] of [
      ['f', {}],
      ['h', {}],
      ['d', {}],
      ['k', { shiftKey: true }],
    ] as const) {
      expect(matchShortcut(press(key, { ...pc, ...extra }), false)).toBeNull();
    }
    expect(matchShortcut(press('ArrowUp', { altKey: true }), false)).toBeNull();
    expect(matchShortcut(press('F12'), false)).toBeNull();
  });

  it('opens help with ? only outside typing, and with Mod+/ only outside the editor', () => {
    expect(matchShortcut(press('?', { shiftKey: true }), false)).toEqual({
      action: 'shortcutsHelp',
      scope: 'outsideText',
    });
    expect(matchShortcut(press('/', pc), false)).toEqual({
      action: 'shortcutsHelp',
      scope: 'outsideEditor',
    });
    expect(matchShortcut(press('k', pc), false)).toEqual({
      action: 'shortcutsHelp',
      scope: 'anywhere',
    });
  });

  it('takes punctuation as typed, whatever Shift it needed', () => {
    // German layout: '/' is Shift+7.
    expect(matchShortcut(press('/', { ...pc, shiftKey: true }), false)?.action).toBe(
      'shortcutsHelp',
    );
    expect(matchShortcut(press('?', pc), false)).toBeNull();
  });

  it('falls back to the physical key on non-Latin layouts', () => {
    expect(matchShortcut({ ...press('з', pc), code: 'KeyP' }, false)?.action).toBe('quickOpen');
  });

  it('reports Esc as closing a dialog', () => {
    expect(matchShortcut(press('Escape'), true)?.action).toBe('closeDialog');
  });
});

describe('the shortcut catalogue', () => {
  it('puts every row in one of the five help groups, none empty', () => {
    expect(SHORTCUT_GROUPS).toEqual([
      'General',
      'Editor',
      'Navigation',
      'Code Execution',
      'Multi-cursor',
    ]);
    for (const group of SHORTCUT_GROUPS) {
      expect(SHORTCUTS.some((shortcut) => shortcut.group === group)).toBe(true);
    }
  });

  it('lists every shortcut the editor answers to', () => {
    const listed = SHORTCUTS.flatMap((shortcut) =>
      shortcut.combos.map((combo) => comboLabel(combo, false)),
    );
    for (const combo of [
      'Ctrl+P',
      'Ctrl+Shift+F',
      'Ctrl+G',
      'Ctrl+B',
      'Ctrl+S',
      'Ctrl+Shift+S',
      'Ctrl+N',
      'Ctrl+Enter',
      'Ctrl+Shift+E',
      'Ctrl+Shift+P',
      'Ctrl+Shift+T',
      'Ctrl+.',
      'Ctrl+F',
      'Ctrl+H',
      'Ctrl+/',
      'Ctrl+D',
      'Alt+↑',
      'Alt+↓',
      'Ctrl+Shift+K',
      'Ctrl+K',
      '?',
      'F12',
      'Esc',
      'Ctrl+M',
    ]) {
      expect(listed).toContain(combo);
    }
  });
});

describe('comboKeys', () => {
  const saveAll = { key: 'S', mod: true, shift: true };
  it('shows Mac symbols in Apple order on Mac', () => {
    expect(comboKeys(saveAll, true)).toEqual(['⇧', '⌘', 'S']);
    expect(comboLabel(saveAll, true)).toBe('⇧⌘S');
  });

  it('shows Ctrl and words elsewhere', () => {
    expect(comboKeys(saveAll, false)).toEqual(['Ctrl', 'Shift', 'S']);
    expect(comboLabel(saveAll, false)).toBe('Ctrl+Shift+S');
  });

  it('shows the Mac key where macOS needs a different one', () => {
    const replace = SHORTCUTS.find((shortcut) => shortcut.label === 'Replace')?.combos[0];
    expect(replace && comboLabel(replace, false)).toBe('Ctrl+H');
    expect(replace && comboLabel(replace, true)).toBe('⌥⌘F');
  });
});

describe('the Tab focus toggle', () => {
  it('is listed with Monaco’s keys: Ctrl+M, and ⌃⇧M on a Mac', () => {
    const row = SHORTCUTS.find((shortcut) => shortcut.label === 'Tab moves focus (on/off)');
    expect(row?.group).toBe('Editor');
    // Monaco's own command: no action of Kiln's, so neither path claims the key.
    expect(row?.action).toBeUndefined();
    const combo = row?.combos[0];
    expect(combo && comboLabel(combo, false)).toBe('Ctrl+M');
    expect(combo && comboKeys(combo, true)).toEqual(['⌃', '⇧', 'M']);
  });

  it('is not a workspace shortcut on either platform', () => {
    expect(matchShortcut(press('m', pc), false)).toBeNull();
    expect(matchShortcut(press('m', mac), true)).toBeNull();
    expect(matchShortcut(press('M', { ctrlKey: true, shiftKey: true }), true)).toBeNull();
  });

  it('leaves the Control key to rows without an action, which the listener never matches', () => {
    for (const shortcut of SHORTCUTS.filter((row) => row.action)) {
      for (const combo of shortcut.combos) {
        expect(combo.ctrl || combo.mac?.ctrl, shortcut.label).toBeFalsy();
      }
    }
  });
});

describe('shortcutLabel', () => {
  it('names the first key of an action, for button titles', () => {
    expect(shortcutLabel('run', false)).toBe('Ctrl+Enter');
    expect(shortcutLabel('run', true)).toBe('⌘Enter');
    expect(shortcutLabel('terminal', false)).toBe('Ctrl+Shift+T');
  });
});

describe('the shortcuts help (spec editor 9)', () => {
  it('names every action of the spec table, in the five groups', async () => {
    const { SHORTCUTS, SHORTCUT_GROUPS } = await import('./shortcuts');
    const labels = SHORTCUTS.map((shortcut) => shortcut.label);
    for (const label of [
      'Quick file search',
      'Search in files',
      'Go to line',
      'Toggle sidebar',
      'Save',
      'Save all',
      'New file',
      'Run',
      'Preview',
      'Terminal',
      'AI suggestions',
      'Find',
      'Replace',
      'Comment',
      'Add selection (multi-cursor)',
      'Move line',
      'Delete line',
      'Shortcuts help',
      'Go to definition',
      'Close dialog',
    ]) {
      expect(labels).toContain(label);
    }
    expect([...SHORTCUT_GROUPS]).toEqual([
      'General',
      'Editor',
      'Navigation',
      'Code Execution',
      'Multi-cursor',
    ]);
  });
});
