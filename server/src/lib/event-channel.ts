import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { z } from 'zod';

/**
 * One kind of fact, published once where it happens and heard everywhere it matters: on this
 * instance, and on every other instance when the channel runs over Redis.
 */
export interface EventChannel<T> {
  publish(event: T): void;
  /** Every event published by any instance, this one's included. Answers the unsubscribe. */
  subscribe(listener: (event: T) => void): () => void;
  /**
   * Which unbroken stretch of listening this is: the same number as long as no event can have
   * been missed, another one after the channel lost its connection and listens again, and null
   * while it is not listening. What is kept because no event said otherwise (a cache) is kept
   * only within one stretch.
   */
  listening(): number | null;
  close(): Promise<void>;
}

function listenerSet<T>(log: FastifyBaseLogger, name: string) {
  const listeners = new Set<(event: T) => void>();
  return {
    listeners,
    deliver(event: T) {
      for (const listener of listeners) {
        try {
          listener(event);
        } catch (error) {
          // One subscriber's failure must not keep the fact from the others.
          log.error({ err: error, channel: name }, 'an event listener failed');
        }
      }
    },
    subscribe(listener: (event: T) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** A channel within this process: one instance, or tests. */
export function createLocalChannel<T>(options: {
  name: string;
  log: FastifyBaseLogger;
}): EventChannel<T> {
  const { deliver, subscribe } = listenerSet<T>(options.log, options.name);
  return {
    // Delivered after the publisher's current step, as Redis would, never inside it.
    publish: (event) => queueMicrotask(() => deliver(event)),
    subscribe,
    // Within one process nothing is ever missed.
    listening: () => 0,
    close: async () => undefined,
  };
}

/** A channel over Redis when instances share one (`redisUrl`), else within this process. */
export function createChannel<T>(options: {
  name: string;
  schema: z.ZodType<T>;
  redisUrl?: string | undefined;
  redisPrefix?: string | undefined;
  log: FastifyBaseLogger;
}): Promise<EventChannel<T>> {
  const { name, redisUrl, log } = options;
  return redisUrl
    ? createRedisChannel({
        url: redisUrl,
        channel: `${options.redisPrefix ?? 'kiln'}:${name}`,
        schema: options.schema,
        log,
      })
    : Promise.resolve(createLocalChannel({ name, log }));
}

/**
 * Redis pub/sub on one channel: a connection to publish, another to listen (a subscribed
 * connection can do nothing else). Answers once the subscription is in place. Events are
 * checked against `schema` as they arrive: another instance's message is input like any other.
 */
export async function createRedisChannel<T>(options: {
  url: string;
  channel: string;
  schema: z.ZodType<T>;
  log: FastifyBaseLogger;
}): Promise<EventChannel<T>> {
  const { channel, log } = options;
  // Named, so an operator (or a test) finds the channel's connections in CLIENT LIST.
  const publisher = new Redis(options.url, {
    maxRetriesPerRequest: null,
    connectionName: `kiln-publish:${channel}`,
  });
  const subscriber = publisher.duplicate({ connectionName: `kiln-listen:${channel}` });
  for (const connection of [publisher, subscriber]) {
    connection.on('error', (error: Error) => log.warn({ err: error, channel }, 'Redis error'));
  }
  const { deliver, subscribe } = listenerSet<T>(log, channel);
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    let event: T;
    try {
      event = options.schema.parse(JSON.parse(text));
    } catch (error) {
      log.warn({ err: error, channel }, 'an unreadable event on a Redis channel');
      return;
    }
    deliver(event);
  });
  // A subscription lost (Redis restarted, the network broke) may have missed events: the stretch
  // ends at once, and a new one starts when the subscription is back in place.
  let stretch: number | null = null;
  let stretches = 0;
  const listenAgain = () => {
    subscriber.subscribe(channel).then(
      () => {
        if (subscriber.status === 'ready') stretch = ++stretches;
      },
      (error: unknown) => log.warn({ err: error, channel }, 'could not subscribe again'),
    );
  };
  subscriber.on('close', () => {
    stretch = null;
  });
  subscriber.on('ready', () => {
    if (stretches > 0) listenAgain();
  });
  await subscriber.subscribe(channel);
  stretch = ++stretches;
  return {
    publish(event) {
      publisher.publish(channel, JSON.stringify(event)).catch((error: unknown) => {
        log.warn({ err: error, channel }, 'could not publish an event');
      });
    },
    subscribe,
    listening: () => stretch,
    async close() {
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
