import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client';
import { DatabaseQueue } from './database-queue';
import type { JobQueue } from './job';
import { RedisQueue } from './redis-queue';

export interface JobQueueSettings {
  redisUrl: string | undefined;
  /** Namespace of the Redis keys; tests give each app its own. */
  redisPrefix?: string | undefined;
  concurrency: number;
  database: DatabaseHandle;
  log: FastifyBaseLogger;
}

/** BullMQ on Redis when `REDIS_URL` is set; otherwise jobs kept in the application database. */
export function createJobQueue(settings: JobQueueSettings): JobQueue {
  if (settings.redisUrl) {
    return new RedisQueue({
      url: settings.redisUrl,
      prefix: settings.redisPrefix,
      concurrency: settings.concurrency,
      log: settings.log,
    });
  }
  return new DatabaseQueue({
    db: settings.database.db,
    log: settings.log,
    concurrency: settings.concurrency,
    soleUser: settings.database.kind === 'pglite',
  });
}
