import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLocalChannel, createRedisChannel } from './event-channel';

const log = Fastify({ logger: false }).log;

describe('a channel within one process', () => {
  it('never misses anything: one stretch of listening, for good', () => {
    const channel = createLocalChannel<number>({ name: 'numbers', log });
    expect(channel.listening()).toBe(0);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('a channel over Redis', () => {
  const admin = new Redis(redisUrl ?? '', { lazyConnect: true });
  afterAll(() => admin.quit());

  const until = async (condition: () => boolean, what: string) => {
    const deadline = Date.now() + 5_000;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  it('ends its stretch of listening when Redis drops it, and starts another once it listens again', async () => {
    const name = `kiln-test-${randomBytes(6).toString('hex')}:numbers`;
    const channel = await createRedisChannel({
      url: redisUrl ?? '',
      channel: name,
      schema: z.number(),
      log,
    });
    try {
      const heard: number[] = [];
      channel.subscribe((event) => heard.push(event));
      const first = channel.listening();
      expect(first).not.toBeNull();

      const clients = (await admin.call('CLIENT', 'LIST', 'TYPE', 'pubsub')) as string;
      const line = clients.split('\n').find((entry) => entry.includes(`name=kiln-listen:${name}`));
      const id = /\bid=(\d+)/.exec(line ?? '')?.[1];
      expect(id, 'the listening connection is named in CLIENT LIST').toBeDefined();
      await admin.call('CLIENT', 'KILL', 'ID', id ?? '');

      await until(() => channel.listening() === null, 'the stretch ends');
      await until(() => channel.listening() !== null, 'a new stretch starts');
      expect(channel.listening()).not.toBe(first);
      channel.publish(7);
      await until(() => heard.includes(7), 'an event after the break is heard');
    } finally {
      await channel.close();
    }
  });
});
