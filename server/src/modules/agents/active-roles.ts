import type { AgentRole } from '@kiln/shared';

/**
 * Which roles are working for whom in this process, for GET /api/agent/status. Orchestrations
 * that another instance runs are read from their rows; this covers the calls answered here.
 */
export class ActiveRoles {
  private readonly counts = new Map<string, number>();

  private key(userId: string, role: AgentRole): string {
    return `${userId}:${role}`;
  }

  /** Marks `role` busy for `userId` while `work` runs. */
  async during<T>(userId: string, role: AgentRole, work: () => Promise<T>): Promise<T> {
    const key = this.key(userId, role);
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    try {
      return await work();
    } finally {
      const left = (this.counts.get(key) ?? 1) - 1;
      if (left > 0) this.counts.set(key, left);
      else this.counts.delete(key);
    }
  }

  isActive(userId: string, role: AgentRole): boolean {
    return this.counts.has(this.key(userId, role));
  }
}
