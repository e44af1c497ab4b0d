// What a fault script set out to prove, check by check, printed as one table at the end.
import { printTable } from './server';

export interface Finding {
  fault: string;
  claim: string;
  /** Proved, failed, or a measurement against a goal (met or missed, never a failure). */
  result: 'proved' | 'FAILED' | 'met' | 'MISSED' | 'skipped';
  figures: string;
}

export class Findings {
  private readonly rows: Finding[] = [];

  /** A correctness claim: the run fails when it does not hold. */
  check(fault: string, claim: string, holds: boolean, figures = ''): boolean {
    this.add({ fault, claim, result: holds ? 'proved' : 'FAILED', figures });
    return holds;
  }

  /** A figure against its goal: reported, never failing the run (times vary with the machine). */
  measure(fault: string, claim: string, met: boolean, figures: string): void {
    this.add({ fault, claim, result: met ? 'met' : 'MISSED', figures });
  }

  skip(fault: string, why: string): void {
    this.add({ fault, claim: 'not run', result: 'skipped', figures: why });
  }

  get failed(): boolean {
    return this.rows.some((row) => row.result === 'FAILED');
  }

  print(): void {
    printTable(
      ['fault', 'what it shows', 'result', 'figures'],
      this.rows.map((row) => [row.fault, row.claim, row.result, row.figures]),
    );
  }

  private add(row: Finding) {
    this.rows.push(row);
    console.log(
      `  ${row.result}: ${row.fault}: ${row.claim}${row.figures ? ` (${row.figures})` : ''}`,
    );
  }
}
