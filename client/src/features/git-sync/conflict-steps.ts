import type { GitConflict, GitResolution } from '@kiln/shared';

export type ConflictSide = 'local' | 'remote';

/** How one conflict was resolved: the side chosen and the text kept (null deletes the file). */
export interface ConflictChoice {
  side: ConflictSide;
  content: string | null;
}

/** Where the person is in a pull's conflicts, and what they chose for each so far. */
export interface ConflictSteps {
  conflicts: readonly GitConflict[];
  current: number;
  choices: readonly (ConflictChoice | null)[];
}

export function startConflictSteps(conflicts: readonly GitConflict[]): ConflictSteps {
  return { conflicts, current: 0, choices: conflicts.map(() => null) };
}

/**
 * Takes one side for the conflict shown, then moves on: to the next conflict, or after the
 * last to the first one still unresolved (staying put when none is).
 */
export function chooseSide(steps: ConflictSteps, side: ConflictSide): ConflictSteps {
  const conflict = steps.conflicts[steps.current];
  if (!conflict) return steps;
  const content = side === 'local' ? conflict.localContent : conflict.remoteContent;
  const choices = steps.choices.map((choice, index) =>
    index === steps.current ? { side, content } : choice,
  );
  let next = steps.current + 1;
  if (next >= steps.conflicts.length) {
    const open = choices.findIndex((choice) => choice === null);
    next = open === -1 ? steps.current : open;
  }
  return { ...steps, choices, current: next };
}

/** The Resolved Version of the conflict shown, edited by hand; a binary file has no text. */
export function editResolution(steps: ConflictSteps, content: string): ConflictSteps {
  const choice = steps.choices[steps.current];
  if (!choice || steps.conflicts[steps.current]?.binary) return steps;
  return {
    ...steps,
    choices: steps.choices.map((entry, index) =>
      index === steps.current ? { ...choice, content } : entry,
    ),
  };
}

export function goToConflict(steps: ConflictSteps, index: number): ConflictSteps {
  if (index < 0 || index >= steps.conflicts.length) return steps;
  return { ...steps, current: index };
}

export function isResolved(steps: ConflictSteps, index = steps.current): boolean {
  return Boolean(steps.choices[index]);
}

export function unresolvedCount(steps: ConflictSteps): number {
  return steps.choices.filter((choice) => choice === null).length;
}

/** Why Finish is unavailable, or null when every conflict has a resolution. */
export function finishBlocker(steps: ConflictSteps): string | null {
  if (unresolvedCount(steps) === 0) return null;
  return `Incomplete: Please resolve all ${steps.conflicts.length} conflict(s)`;
}

/**
 * One resolution per conflict, as POST /api/github/resolve-conflicts takes them: the text to
 * keep (null deletes the file), or for a binary file, which carries no text, the side to keep.
 */
export function resolutionsOf(steps: ConflictSteps): GitResolution[] {
  return steps.conflicts.map((conflict, index) => {
    const choice = steps.choices[index];
    if (!choice) throw new Error(`${conflict.path} is not resolved yet`);
    return conflict.binary
      ? { path: conflict.path, side: choice.side }
      : { path: conflict.path, content: choice.content };
  });
}
