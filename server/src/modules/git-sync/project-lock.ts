/**
 * One Git operation at a time per project in this process: a push, a pull, an automatic push
 * and a periodic fetch all read and write the project's repository and its sync state, and
 * two of them interleaved could base a commit on a state the other just replaced.
 */
export class ProjectLocks {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(projectId: string, operation: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(projectId) ?? Promise.resolve();
    const result = previous.then(operation, operation);
    const tail = result.catch(() => undefined);
    this.tails.set(projectId, tail);
    void tail.then(() => {
      if (this.tails.get(projectId) === tail) this.tails.delete(projectId);
    });
    return result;
  }

  /** Whether an operation on the project is running or waiting. */
  busy(projectId: string): boolean {
    return this.tails.has(projectId);
  }
}
