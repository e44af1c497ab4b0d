import type { FullResult, Reporter, Suite } from '@playwright/test/reporter';
import { MISSING_PROGRAMS } from './system-programs';

/**
 * Ends a run that skipped specs for want of a system program (skipWithout) with each reason and
 * the spec files it skipped, as the unit run's summary does.
 */
export default class MissingProgramsReporter implements Reporter {
  private root: Suite | undefined;

  onBegin(_config: unknown, suite: Suite) {
    this.root = suite;
  }

  onEnd(_result: FullResult) {
    const byReason = new Map<string, Map<string, number>>();
    for (const test of this.root?.allTests() ?? []) {
      if (test.outcome() !== 'skipped') continue;
      for (const annotation of test.annotations) {
        if (annotation.type !== 'skip' || !annotation.description?.startsWith(MISSING_PROGRAMS)) {
          continue;
        }
        for (const reason of annotation.description.slice(MISSING_PROGRAMS.length).split('; ')) {
          const files = byReason.get(reason) ?? new Map<string, number>();
          const file = test.location.file.replace(/^.*\/e2e\//, 'e2e/');
          files.set(file, (files.get(file) ?? 0) + 1);
          byReason.set(reason, files);
        }
      }
    }
    if (byReason.size === 0) return;
    console.log('\nSkipped for missing system programs (scripts/system-programs.json):');
    for (const [reason, files] of byReason) {
      console.log(`  ${reason}`);
      for (const [file, count] of files) {
        console.log(`    ${file} (${count} test${count === 1 ? '' : 's'})`);
      }
    }
  }

  printsToStdio() {
    return false;
  }
}
