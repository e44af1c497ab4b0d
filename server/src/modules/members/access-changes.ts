import { MemberRoleSchema } from '@kiln/shared';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { createChannel, type EventChannel } from '../../lib/event-channel';

/**
 * Someone's access to a project shrank: removed (`role` null) or given another role. Published
 * once, by the members service, after the change is committed; whatever that person holds open
 * in the project (terminals, running apps, the agents' runs) hears it on every instance.
 */
export const AccessChangeSchema = z.object({
  projectId: z.uuid(),
  userId: z.uuid(),
  role: MemberRoleSchema.nullable(),
});
export type AccessChange = z.infer<typeof AccessChangeSchema>;
export type AccessChanges = EventChannel<AccessChange>;

/** Whether the person may still change the project (run its code, open its terminal). */
export function canStillEdit(change: AccessChange): boolean {
  return change.role === 'editor';
}

/** What a person is told when a session of theirs ends because of the change. */
export function accessEndedMessage(change: AccessChange, what: string): string {
  return change.role === null
    ? `You were removed from this project, so ${what}.`
    : `You can now only view this project, so ${what}.`;
}

/** The channel: over Redis when instances share one, else within this process. */
export function createAccessChanges(options: {
  redisUrl?: string | undefined;
  redisPrefix?: string | undefined;
  log: FastifyBaseLogger;
}): Promise<AccessChanges> {
  return createChannel({ ...options, name: 'access-changes', schema: AccessChangeSchema });
}
