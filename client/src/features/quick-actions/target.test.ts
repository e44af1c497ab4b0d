import { QUICK_ACTION_CODE_MAX } from '@kiln/shared';
import { describe, expect, it } from 'vitest';
import {
  actionTarget,
  keepLineEnding,
  proposedText,
  quickActionsAvailability,
  scopeLabel,
  selectedLines,
  summarizeTarget,
} from './target';

const FILE = 'const a = 1;\nfunction add(a, b) {\n  return a + b;\n}\nconsole.log(add(a, 2));\n';
const ADD_START = FILE.indexOf('function');
const ADD_END = FILE.indexOf('console');

describe('which code a quick action is sent', () => {
  it('sends the selection when it holds code', () => {
    expect(actionTarget(FILE, { start: ADD_START, end: ADD_END })).toEqual({
      code: 'function add(a, b) {\n  return a + b;\n}\n',
      range: { start: ADD_START, end: ADD_END },
    });
  });

  it('sends the whole file without a selection, or with an empty or blank one', () => {
    expect(actionTarget(FILE, null)).toEqual({ code: FILE, range: null });
    expect(actionTarget(FILE, { start: 5, end: 5 })).toEqual({ code: FILE, range: null });
    const blankLines = 'a();\n\n\n  \nb();\n';
    expect(actionTarget(blankLines, { start: 5, end: 10 })).toEqual({
      code: blankLines,
      range: null,
    });
  });
});

describe('the proposal', () => {
  it('replaces only the selected range', () => {
    const target = actionTarget(FILE, { start: ADD_START, end: ADD_END });
    expect(proposedText(FILE, target, 'const add = (a, b) => a + b;\n')).toBe(
      'const a = 1;\nconst add = (a, b) => a + b;\nconsole.log(add(a, 2));\n',
    );
  });

  it('replaces a range inside a line, keeping the rest of the line', () => {
    const text = 'let total = compute( 1,2 ); // sum\n';
    const start = text.indexOf('compute');
    const end = text.indexOf(';');
    const target = actionTarget(text, { start, end });
    expect(target.code).toBe('compute( 1,2 )');
    // The model added a line break the selection did not have.
    expect(proposedText(text, target, 'compute(1, 2)\n')).toBe(
      'let total = compute(1, 2); // sum\n',
    );
  });

  it('is the answer itself for the whole file, with the file’s final line break', () => {
    const target = actionTarget(FILE, null);
    expect(proposedText(FILE, target, '// rewritten')).toBe('// rewritten\n');
    expect(proposedText('no break', actionTarget('no break', null), 'x();\n\n')).toBe('x();');
  });

  it('keeps the line ending style of the code it replaces', () => {
    expect(keepLineEnding('a\r\n', 'b\n')).toBe('b\r\n');
    expect(keepLineEnding('a\n', 'b')).toBe('b\n');
    expect(keepLineEnding('a', 'b\n\n')).toBe('b');
  });
});

describe('the selection the panel names', () => {
  it('counts the lines a selection covers', () => {
    const lines = selectedLines({
      startLineNumber: 4,
      startColumn: 3,
      endLineNumber: 12,
      endColumn: 8,
    });
    expect(lines).toEqual({ first: 4, last: 12 });
    expect(scopeLabel(lines)).toBe('Selection (lines 4–12)');
  });

  it('leaves out the line a drag over whole lines ends on', () => {
    const lines = selectedLines({
      startLineNumber: 2,
      startColumn: 1,
      endLineNumber: 5,
      endColumn: 1,
    });
    expect(lines).toEqual({ first: 2, last: 4 });
    expect(
      scopeLabel(
        selectedLines({ startLineNumber: 7, startColumn: 1, endLineNumber: 8, endColumn: 1 }),
      ),
    ).toBe('Selection (line 7)');
  });

  it('says Whole file without a selection', () => {
    expect(scopeLabel(null)).toBe('Whole file');
  });
});

describe('whether the quick actions can run', () => {
  const selection = { range: { start: ADD_START, end: ADD_END }, lines: { first: 2, last: 4 } };

  it('runs on the selection when there is one, else on the whole file', () => {
    expect(quickActionsAvailability(summarizeTarget('src/app.js', FILE, selection))).toEqual({
      enabled: true,
      scope: 'Selection (lines 2–4)',
    });
    expect(quickActionsAvailability(summarizeTarget('src/app.js', FILE, null))).toEqual({
      enabled: true,
      scope: 'Whole file',
    });
  });

  it('is disabled with no file open', () => {
    expect(quickActionsAvailability(null)).toEqual({
      enabled: false,
      reason: 'Open a file to use the quick actions.',
    });
  });

  it('is disabled for a file without code', () => {
    for (const text of ['', '   \n\t\n']) {
      expect(quickActionsAvailability(summarizeTarget('src/empty.js', text, null))).toEqual({
        enabled: false,
        reason: 'empty.js has no code yet: write some, then try again.',
      });
    }
  });

  it('is disabled past the size the server takes', () => {
    const long = 'x'.repeat(QUICK_ACTION_CODE_MAX + 1);
    const whole = quickActionsAvailability(summarizeTarget('big.js', long, null));
    expect(whole.enabled).toBe(false);
    expect(whole).toMatchObject({ reason: expect.stringContaining('big.js is too long') });
    // A selection within the limit still works.
    const part = { range: { start: 0, end: 10 }, lines: { first: 1, last: 1 } };
    expect(quickActionsAvailability(summarizeTarget('big.js', long, part))).toEqual({
      enabled: true,
      scope: 'Selection (line 1)',
    });
  });
});
