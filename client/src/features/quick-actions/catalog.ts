import type { QuickAction } from '@kiln/shared';

export interface QuickActionInfo {
  label: string;
  /** What the panel says while it works: "Improving app.js...". */
  progress: string;
  /** The line under the action's name. */
  description: string;
  /** The failure toast's title and its message when the server gives none. */
  failureTitle: string;
  failureMessage: string;
}

/** The four quick actions, in the order the panel lists them. */
export const QUICK_ACTION_INFO: Record<QuickAction, QuickActionInfo> = {
  improve: {
    label: 'Improve',
    progress: 'Improving',
    description: 'Fix mistakes and make the code clearer and sturdier.',
    failureTitle: 'Improvement Failed',
    failureMessage: 'Failed to improve code',
  },
  optimize: {
    label: 'Optimize',
    progress: 'Optimizing',
    description: 'Make it faster or lighter on memory, with the same results.',
    failureTitle: 'Optimization Failed',
    failureMessage: 'Failed to optimize code',
  },
  refactor: {
    label: 'Refactor',
    progress: 'Refactoring',
    description: 'Restructure it for readability without changing what it does.',
    failureTitle: 'Refactoring Failed',
    failureMessage: 'Failed to refactor code',
  },
  document: {
    label: 'Document',
    progress: 'Documenting',
    description: 'Add comments and doc comments that explain it.',
    failureTitle: 'Documentation Failed',
    failureMessage: 'Failed to document code',
  },
};
