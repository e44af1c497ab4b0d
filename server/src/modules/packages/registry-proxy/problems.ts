import type { PackageEcosystem } from '@kiln/shared';

/**
 * What went wrong between the installer and the registry, as the proxy saw it. npm and pip print
 * their own version; the install's final message is written from these, in a person's terms.
 */
export type RegistryProblem =
  | { kind: 'not-found'; ecosystem: PackageEcosystem; name: string }
  | { kind: 'no-wheel'; ecosystem: 'python'; name: string }
  | { kind: 'unreachable'; ecosystem: PackageEcosystem; registry: string; detail: string }
  | { kind: 'upstream-error'; ecosystem: PackageEcosystem; registry: string; status: number }
  | { kind: 'integrity'; ecosystem: PackageEcosystem; url: string }
  | { kind: 'refused'; ecosystem: PackageEcosystem | null; reason: string };

/** Kept per bridge, a bounded list: a runaway client cannot grow it without end. */
export class ProblemLog {
  private readonly entries: RegistryProblem[] = [];

  constructor(private readonly limit = 100) {}

  add(problem: RegistryProblem): void {
    const key = JSON.stringify(problem);
    if (this.entries.some((entry) => JSON.stringify(entry) === key)) return;
    if (this.entries.length < this.limit) this.entries.push(problem);
  }

  list(): RegistryProblem[] {
    return [...this.entries];
  }
}
