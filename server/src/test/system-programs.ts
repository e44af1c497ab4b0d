import {
  detectSystemProgram,
  systemProgram,
  type SystemProgramDetection,
  type SystemProgramId,
} from '../../../scripts/system-programs.mjs';

declare module 'vitest' {
  interface TaskMeta {
    /** Why a test was skipped: the programs it needs that this machine lacks, and their packages. */
    missingSystemPrograms?: string[];
  }
}

const detections = new Map<SystemProgramId, SystemProgramDetection>();

/** One program of scripts/system-programs.json as this machine has it, looked for once. */
export function detectProgram(id: SystemProgramId): SystemProgramDetection {
  let found = detections.get(id);
  if (!found) {
    found = detectSystemProgram(systemProgram(id));
    detections.set(id, found);
  }
  return found;
}

export function hasProgram(id: SystemProgramId): boolean {
  return detectProgram(id).ok;
}

/**
 * Options for `describe` or `it` that need system programs: skipped on a machine without one,
 * with the reasons, which the run's summary lists (scripts/missing-programs-reporter.ts).
 * `describe('terminals', needs('bwrap', 'python3'), () => …)`.
 */
export function needs(...ids: SystemProgramId[]): {
  skip?: boolean;
  meta?: { missingSystemPrograms: string[] };
} {
  const reasons = ids.flatMap((id) => detectProgram(id).reason ?? []);
  return reasons.length === 0 ? {} : { skip: true, meta: { missingSystemPrograms: reasons } };
}
