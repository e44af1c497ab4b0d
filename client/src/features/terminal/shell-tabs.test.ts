import { describe, expect, it } from 'vitest';
import {
  closeShell,
  ensureShell,
  INITIAL_TABS,
  openShell,
  OUTPUT_TAB,
  selectTab,
  shellTitle,
  tabAfterKey,
  type ShellTabsState,
} from './shell-tabs';

const titles = (state: ShellTabsState) => state.shells.map(shellTitle);

describe('shell tabs', () => {
  it('start with the Output alone, selected', () => {
    expect(INITIAL_TABS.shells).toEqual([]);
    expect(INITIAL_TABS.active).toBe(OUTPUT_TAB);
  });

  it('number shells from 1, reusing the lowest free number, each with a new id', () => {
    const three = openShell(openShell(openShell(INITIAL_TABS)));
    expect(titles(three)).toEqual(['Terminal 1', 'Terminal 2', 'Terminal 3']);
    expect(three.active).toBe(three.shells[2]?.id);
    const withoutTwo = closeShell(three, three.shells[1]?.id ?? '');
    const again = openShell(withoutTwo);
    expect(titles(again)).toEqual(['Terminal 1', 'Terminal 3', 'Terminal 2']);
    expect(new Set(again.shells.map((shell) => shell.id)).size).toBe(3);
    expect(again.shells[2]?.id).not.toBe(three.shells[1]?.id);
  });

  it('select the right neighbour when the selected shell closes, else the left, else Output', () => {
    const three = openShell(openShell(openShell(INITIAL_TABS)));
    const [one, two, last] = three.shells.map((shell) => shell.id) as [string, string, string];
    expect(closeShell(selectTab(three, two), two).active).toBe(last);
    expect(closeShell(three, last).active).toBe(two);
    const onlyOne = closeShell(closeShell(three, two), last);
    expect(closeShell(selectTab(onlyOne, one), one).active).toBe(OUTPUT_TAB);
    // Closing another tab leaves the selection alone.
    expect(closeShell(selectTab(three, OUTPUT_TAB), one).active).toBe(OUTPUT_TAB);
    expect(closeShell(three, 'unknown')).toBe(three);
  });

  it('select only tabs that exist', () => {
    const one = openShell(INITIAL_TABS);
    expect(selectTab(one, OUTPUT_TAB).active).toBe(OUTPUT_TAB);
    expect(selectTab(one, 'shell-99')).toBe(one);
  });

  it('give the shortcut the selected shell, else the last, else a new Terminal 1', () => {
    const fresh = ensureShell(INITIAL_TABS);
    expect(titles(fresh.state)).toEqual(['Terminal 1']);
    expect(fresh.state.active).toBe(fresh.shellId);

    const two = openShell(openShell(INITIAL_TABS));
    const first = two.shells[0]?.id ?? '';
    expect(ensureShell(selectTab(two, first))).toEqual({
      state: selectTab(two, first),
      shellId: first,
    });
    const fromOutput = ensureShell(selectTab(two, OUTPUT_TAB));
    expect(fromOutput.shellId).toBe(two.shells[1]?.id);
    expect(fromOutput.state.active).toBe(two.shells[1]?.id);
    expect(fromOutput.state.shells).toHaveLength(2);
  });

  it('move with arrow keys, wrapping, and with Home and End', () => {
    const two = openShell(openShell(INITIAL_TABS));
    const [one, last] = two.shells.map((shell) => shell.id) as [string, string];
    expect(tabAfterKey(two, OUTPUT_TAB, 'ArrowRight')).toBe(one);
    expect(tabAfterKey(two, last, 'ArrowRight')).toBe(OUTPUT_TAB);
    expect(tabAfterKey(two, OUTPUT_TAB, 'ArrowLeft')).toBe(last);
    expect(tabAfterKey(two, last, 'Home')).toBe(OUTPUT_TAB);
    expect(tabAfterKey(two, OUTPUT_TAB, 'End')).toBe(last);
    expect(tabAfterKey(two, one, 'a')).toBeNull();
    expect(tabAfterKey(two, 'gone', 'ArrowRight')).toBeNull();
  });
});
