import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { BusEventSchema, type BusEvent } from './bus-events';

/** Carries presence events between server instances. */
export interface PresenceBus {
  publish(event: BusEvent): void;
  /** Every event published by any instance, this one's included. */
  onEvent(listener: (event: BusEvent) => void): void;
  close(): Promise<void>;
}

/**
 * Redis pub/sub on one channel: a connection to publish, another to listen (a subscribed
 * connection can do nothing else). Answers once the subscription is in place, so a socket
 * joined after start-up is seen by the other instances.
 */
export async function createRedisBus(options: {
  url: string;
  channel: string;
  log: FastifyBaseLogger;
}): Promise<PresenceBus> {
  const { channel, log } = options;
  const publisher = new Redis(options.url, { maxRetriesPerRequest: null });
  const subscriber = publisher.duplicate();
  for (const connection of [publisher, subscriber]) {
    connection.on('error', (error: Error) => log.warn({ err: error }, 'presence: Redis error'));
  }
  const listeners: Array<(event: BusEvent) => void> = [];
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    let event: BusEvent;
    try {
      event = BusEventSchema.parse(JSON.parse(text));
    } catch (error) {
      log.warn({ err: error }, 'presence: unreadable event on the Redis channel');
      return;
    }
    for (const listener of listeners) listener(event);
  });
  await subscriber.subscribe(channel);
  return {
    publish(event) {
      publisher.publish(channel, JSON.stringify(event)).catch((error: unknown) => {
        log.warn({ err: error }, 'presence: could not publish an event');
      });
    },
    onEvent(listener) {
      listeners.push(listener);
    },
    async close() {
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
