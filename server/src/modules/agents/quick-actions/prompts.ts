import type { QuickAction } from '@kiln/shared';

/** What each quick action asks of the model. */
const ASKS: Record<QuickAction, string> = {
  improve:
    'Improve this code: fix bugs, handle errors and edge cases, make names and structure clearer. Keep its behaviour and its public interface unless they are wrong.',
  optimize:
    'Make this code faster or lighter where it matters (algorithms, repeated work, allocations), keeping exactly what it does.',
  refactor:
    'Refactor this code for readability and maintainability: smaller functions, clear names, no repetition, keeping exactly what it does.',
  document:
    "Document this code: a comment for each function, class and module saying what it is for and why, in the language's usual doc comment style. Change nothing else.",
};

export const QUICK_ACTION_SYSTEM = `You are Kiln's code assistant, answering a one-click action on code a person selected in the editor. Answer in exactly this form:
1. One or two sentences saying what you changed.
2. The whole resulting code in one fenced code block, and nothing after it.
Return all of the code you were given, changed, never a fragment or an ellipsis: it replaces what the person selected.`;

export function quickActionRequest(action: QuickAction, code: string, fileName?: string): string {
  return [
    ASKS[action],
    fileName ? `The code is from ${fileName}.` : '',
    '',
    '```',
    code,
    '```',
  ].join('\n');
}
