import type { Reporter, TestModule, Vitest } from 'vitest/node';

/**
 * Ends a run that skipped tests for want of a system program (server/src/test/system-programs.ts)
 * with each reason and the files it skipped in, so a green run on a bare machine says what it
 * did not test and what to install.
 */
export default class MissingProgramsReporter implements Reporter {
  private vitest: Vitest | undefined;

  onInit(vitest: Vitest) {
    this.vitest = vitest;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const lines = missingProgramsSummary(testModules);
    if (lines.length === 0) return;
    const log = (line: string) => (this.vitest ? this.vitest.logger.log(line) : console.log(line));
    for (const line of lines) log(line);
  }
}

/** The summary's lines: each reason, then each file with how many of its tests it skipped. */
export function missingProgramsSummary(testModules: ReadonlyArray<TestModule>): string[] {
  const byReason = new Map<string, Map<string, number>>();
  for (const testModule of testModules) {
    for (const test of testModule.children.allTests('skipped')) {
      // Set by server/src/test/system-programs.ts's `needs`, on the test or a suite around it.
      const meta = test.meta() as { missingSystemPrograms?: string[] };
      for (const reason of meta.missingSystemPrograms ?? []) {
        const files = byReason.get(reason) ?? new Map<string, number>();
        const file = `${testModule.project.name}: ${testModule.relativeModuleId}`;
        files.set(file, (files.get(file) ?? 0) + 1);
        byReason.set(reason, files);
      }
    }
  }
  if (byReason.size === 0) return [];
  const lines = ['', 'Skipped for missing system programs (scripts/system-programs.json):'];
  for (const [reason, files] of byReason) {
    lines.push(`  ${reason}`);
    for (const [file, count] of files) {
      lines.push(`    ${file} (${count} test${count === 1 ? '' : 's'})`);
    }
  }
  return lines;
}
