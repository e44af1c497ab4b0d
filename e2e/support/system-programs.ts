import { test } from '@playwright/test';
import {
  detectSystemProgram,
  systemProgram,
  type SystemProgramId,
} from '../../scripts/system-programs.mjs';

/** How the reasons' annotations start, for the run's summary (missing-programs-reporter.ts). */
export const MISSING_PROGRAMS = 'missing system programs: ';

/**
 * Skips the tests of the file or describe it is called in on a machine without one of the
 * system programs (scripts/system-programs.json), saying which and what to install.
 */
export function skipWithout(...ids: SystemProgramId[]): void {
  const reasons = ids.flatMap((id) => detectSystemProgram(systemProgram(id)).reason ?? []);
  test.skip(reasons.length > 0, `${MISSING_PROGRAMS}${reasons.join('; ')}`);
}
