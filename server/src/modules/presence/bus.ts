import type { FastifyBaseLogger } from 'fastify';
import { createRedisChannel, type EventChannel } from '../../lib/event-channel';
import { BusEventSchema, type BusEvent } from './bus-events';

/** Carries presence events between server instances. */
export type PresenceBus = EventChannel<BusEvent>;

/** Presence's channel on Redis, shared by the instances of one deployment. */
export function createRedisBus(options: {
  url: string;
  channel: string;
  log: FastifyBaseLogger;
}): Promise<PresenceBus> {
  return createRedisChannel({ ...options, schema: BusEventSchema });
}
