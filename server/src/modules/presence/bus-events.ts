import { CollaboratorSchema } from '@kiln/shared';
import { z } from 'zod';

/**
 * What one server instance tells the others about its sockets (Redis pub/sub). Each event names
 * the instance it comes from, so an instance ignores its own and forgets the collaborators of
 * an instance that went quiet.
 */
export const BusEventSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('joined'),
    instance: z.string(),
    projectId: z.string(),
    member: CollaboratorSchema,
  }),
  /** The answer to `joined`: the instance's own collaborators in that project. */
  z.object({
    kind: z.literal('present'),
    instance: z.string(),
    projectId: z.string(),
    members: z.array(CollaboratorSchema),
  }),
  z.object({
    kind: z.literal('left'),
    instance: z.string(),
    projectId: z.string(),
    connectionId: z.string(),
    userId: z.string(),
  }),
  z.object({
    kind: z.literal('activity'),
    instance: z.string(),
    projectId: z.string(),
    connectionId: z.string(),
    filePath: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('saved'),
    instance: z.string(),
    projectId: z.string(),
    connectionId: z.string(),
    userId: z.string(),
    userName: z.string(),
    filePath: z.string(),
  }),
  /** Sent now and then, so the others know this instance and its collaborators are still there. */
  z.object({ kind: z.literal('alive'), instance: z.string() }),
]);
export type BusEvent = z.infer<typeof BusEventSchema>;
