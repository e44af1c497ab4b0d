import { describe, expect, it } from 'vitest';
import { routeTerminalKey, type TerminalKeyEvent } from './terminal-keys';

function key(
  keyName: string,
  modifiers: Partial<Omit<TerminalKeyEvent, 'key'>> = {},
): TerminalKeyEvent {
  const code = /^[a-z]$/i.test(keyName) ? `Key${keyName.toUpperCase()}` : undefined;
  return {
    key: keyName,
    code,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    ...modifiers,
  };
}

const linux = { isMac: false, hasSelection: false, tabMovesFocus: false };
const mac = { ...linux, isMac: true };

describe('routeTerminalKey', () => {
  it('copies with Ctrl+C only when text is selected; otherwise ^C goes to the shell', () => {
    expect(routeTerminalKey(key('c', { ctrlKey: true }), { ...linux, hasSelection: true })).toBe(
      'copy',
    );
    expect(routeTerminalKey(key('c', { ctrlKey: true }), linux)).toBe('shell');
    expect(routeTerminalKey(key('c', { metaKey: true }), { ...mac, hasSelection: true })).toBe(
      'copy',
    );
  });

  it('pastes with Ctrl/Cmd+V, and Ctrl+Shift+V', () => {
    expect(routeTerminalKey(key('v', { ctrlKey: true }), linux)).toBe('paste');
    expect(routeTerminalKey(key('V', { ctrlKey: true, shiftKey: true }), linux)).toBe('paste');
    expect(routeTerminalKey(key('v', { metaKey: true }), mac)).toBe('paste');
  });

  it('leaves readline’s Control keys to the shell', () => {
    for (const letter of ['a', 'e', 'k', 'p', 'n', 'r', 'b', 'g', 'd', 'l', 'z']) {
      expect(routeTerminalKey(key(letter, { ctrlKey: true }), linux)).toBe('shell');
      // A Mac's Control key is the terminal's too.
      expect(routeTerminalKey(key(letter, { ctrlKey: true }), mac)).toBe('shell');
    }
    expect(routeTerminalKey(key('a'), linux)).toBe('shell');
    expect(routeTerminalKey(key('Enter'), linux)).toBe('shell');
    expect(routeTerminalKey(key('Tab'), linux)).toBe('shell');
    // Ctrl+_ (undo) is Ctrl+Shift+- on many layouts: not a letter, so the shell's.
    expect(routeTerminalKey(key('_', { ctrlKey: true, shiftKey: true }), linux)).toBe('shell');
  });

  it('gives the workspace Ctrl/Cmd+Shift+letter, Ctrl/Cmd+Enter and every Cmd key', () => {
    expect(routeTerminalKey(key('T', { ctrlKey: true, shiftKey: true }), linux)).toBe('page');
    expect(routeTerminalKey(key('E', { ctrlKey: true, shiftKey: true }), linux)).toBe('page');
    expect(routeTerminalKey(key('Enter', { ctrlKey: true }), linux)).toBe('page');
    expect(routeTerminalKey(key('t', { metaKey: true, shiftKey: true }), mac)).toBe('page');
    expect(routeTerminalKey(key('k', { metaKey: true }), mac)).toBe('page');
    expect(routeTerminalKey(key('c', { metaKey: true }), mac)).toBe('page');
  });

  it('reads the physical key on other layouts', () => {
    const cyrillic = { ...key('с', { ctrlKey: true }), code: 'KeyC' };
    expect(routeTerminalKey(cyrillic, { ...linux, hasSelection: true })).toBe('copy');
  });

  it('switches Tab to moving the focus with Ctrl+M (⌃⇧M on a Mac), and back', () => {
    expect(routeTerminalKey(key('m', { ctrlKey: true }), linux)).toBe('tab-focus');
    expect(routeTerminalKey(key('M', { ctrlKey: true, shiftKey: true }), mac)).toBe('tab-focus');
    expect(routeTerminalKey(key('m', { ctrlKey: true }), mac)).toBe('shell');
    const moving = { ...linux, tabMovesFocus: true };
    expect(routeTerminalKey(key('Tab'), moving)).toBe('page');
    expect(routeTerminalKey(key('Tab', { shiftKey: true }), moving)).toBe('page');
  });
});
