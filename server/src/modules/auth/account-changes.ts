import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { createChannel } from '../../lib/event-channel';

/**
 * A person's account changed in a way every signed-in request must see at once: a session of
 * theirs ended (sign-out, a password reset), the account itself changed (admin rights, plan,
 * verification, billing) or it was deleted. Published once by whatever made the change, after
 * it is committed; every instance's session cache (session-cache.ts) forgets that person.
 */
export const AccountChangeSchema = z.object({ userId: z.uuid() });
export type AccountChange = z.infer<typeof AccountChangeSchema>;

export interface AccountChanges {
  publish(change: AccountChange): void;
  subscribe(listener: (change: AccountChange) => void): () => void;
  /** The channel's stretch of listening (lib/event-channel.ts): null while events may be lost. */
  listening(): number | null;
  close(): Promise<void>;
}

/**
 * Over Redis when instances share one, else within this process. This instance's listeners hear
 * a change at once, before the publisher's next step (the request after a sign-out must already
 * be refused), and again when the channel brings it back, which forgetting twice makes harmless.
 */
export async function createAccountChanges(options: {
  redisUrl?: string | undefined;
  redisPrefix?: string | undefined;
  log: FastifyBaseLogger;
}): Promise<AccountChanges> {
  const channel = await createChannel({
    ...options,
    name: 'account-changes',
    schema: AccountChangeSchema,
  });
  const here = new Set<(change: AccountChange) => void>();
  return {
    publish(change) {
      for (const listener of here) listener(change);
      channel.publish(change);
    },
    subscribe(listener) {
      here.add(listener);
      const unsubscribe = channel.subscribe(listener);
      return () => {
        here.delete(listener);
        unsubscribe();
      };
    },
    listening: () => channel.listening(),
    close: () => channel.close(),
  };
}
