import { QUICK_ACTION_CODE_MAX } from '@kiln/shared';

/** A stretch of a file's text, as character offsets (end excluded). */
export interface TextRange {
  start: number;
  end: number;
}

/** A selection as Monaco gives it: lines and columns count from 1. */
export interface SelectionLike {
  startLineNumber: number;
  startColumn: number;
  endLineNumber: number;
  endColumn: number;
}

/** Lines counted from 1, both included. */
export interface LineSpan {
  first: number;
  last: number;
}

/** What a quick action is sent: the selection when it holds code, else the whole file. */
export interface ActionTarget {
  code: string;
  /** Where the code sits in the file; null for the whole file. */
  range: TextRange | null;
}

export function actionTarget(text: string, selection: TextRange | null): ActionTarget {
  if (selection && selection.end > selection.start) {
    const code = text.slice(selection.start, selection.end);
    // Blank lines alone are nothing to work on (the server refuses them): take the file.
    if (code.trim()) return { code, range: selection };
  }
  return { code: text, range: null };
}

/**
 * The lines a selection covers. A selection dragged over whole lines ends at the start of the
 * next one, which it does not really include.
 */
export function selectedLines(selection: SelectionLike): LineSpan {
  const { startLineNumber: first, endLineNumber, endColumn } = selection;
  const last = endColumn === 1 && endLineNumber > first ? endLineNumber - 1 : endLineNumber;
  return { first, last };
}

/** What the panel and the proposal say the action works on. */
export function scopeLabel(lines: LineSpan | null): string {
  if (!lines) return 'Whole file';
  if (lines.first === lines.last) return `Selection (line ${lines.first})`;
  return `Selection (lines ${lines.first}–${lines.last})`;
}

/**
 * Models tend to drop a final line break or add one; the answer takes the one the code it
 * replaces had (or had not), so the rest of the file keeps its shape.
 */
export function keepLineEnding(original: string, answer: string): string {
  const ending = /\r?\n$/.exec(original)?.[0] ?? '';
  return answer.replace(/[\r\n]+$/, '') + ending;
}

/** The whole file with the model's answer in place of the code it was sent. */
export function proposedText(text: string, target: ActionTarget, answer: string): string {
  const fitted = keepLineEnding(target.code, answer);
  if (!target.range) return fitted;
  return text.slice(0, target.range.start) + fitted + text.slice(target.range.end);
}

/** The open file as the panel needs it: what an action would be sent, in short. */
export interface TargetSummary {
  /** The file's path in the project. */
  path: string;
  /** The file holds nothing but whitespace. */
  blank: boolean;
  /** Characters an action would send. */
  length: number;
  /** The selected lines when the action would take the selection; null for the whole file. */
  lines: LineSpan | null;
}

export function summarizeTarget(
  path: string,
  text: string,
  selection: { range: TextRange; lines: LineSpan } | null,
): TargetSummary {
  const target = actionTarget(text, selection?.range ?? null);
  return {
    path,
    blank: text.trim().length === 0,
    length: target.code.length,
    lines: target.range && selection ? selection.lines : null,
  };
}

export type QuickActionsAvailability =
  { enabled: true; scope: string } | { enabled: false; reason: string };

/** Whether the actions can run, and what on; when not, why (spec: disabled with no code). */
export function quickActionsAvailability(target: TargetSummary | null): QuickActionsAvailability {
  if (!target) return { enabled: false, reason: 'Open a file to use the quick actions.' };
  const name = target.path.split('/').pop() ?? target.path;
  if (target.blank) {
    return { enabled: false, reason: `${name} has no code yet: write some, then try again.` };
  }
  if (target.length > QUICK_ACTION_CODE_MAX) {
    const [what, hint] = target.lines
      ? ['The selection', 'Select less of it.']
      : [name, 'Select a part of it.'];
    return {
      enabled: false,
      reason: `${what} is too long: quick actions take at most ${QUICK_ACTION_CODE_MAX.toLocaleString('en-US')} characters. ${hint}`,
    };
  }
  return { enabled: true, scope: scopeLabel(target.lines) };
}
