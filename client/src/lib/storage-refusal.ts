import { ApiError, messageOf } from './api-error';

/**
 * The toast for a write refused for want of room, with the server's sentence, or null for any
 * other failure. Either way nothing was written and the same write goes through once there is
 * room, so a writer that retries (autosave) says it once:
 * - 403 `PLAN_LIMIT`: the project is out of storage (how much the change needs, how much is
 *   left, what to do);
 * - 507 `DISK_FULL`: the server's disk is full, which its operator must fix.
 */
export function storageRefusal(error: unknown): { title: string; description: string } | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'PLAN_LIMIT') {
    return {
      title: 'Not enough storage',
      description: messageOf(error, 'The project has no room left for this change.'),
    };
  }
  if (error.code === 'DISK_FULL') {
    return {
      title: 'The server is out of disk space',
      description: messageOf(error, "The server's disk is full; your change was not saved"),
    };
  }
  return null;
}
