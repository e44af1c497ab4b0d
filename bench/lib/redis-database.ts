// A Redis logical database of a benchmark's own on a shared Redis server: an empty one is picked,
// and emptied again afterwards, so the job queue's keys of one run never meet another's.
import { createConnection, type Socket } from 'node:net';

/** Sends commands one at a time and reads each reply (simple strings, errors and integers). */
class RedisCommands {
  private buffered = '';
  private waiting: ((line: string) => void) | null = null;

  private constructor(private readonly socket: Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      this.buffered += chunk;
      const end = this.buffered.indexOf('\r\n');
      if (end < 0 || !this.waiting) return;
      const line = this.buffered.slice(0, end);
      this.buffered = this.buffered.slice(end + 2);
      const resolve = this.waiting;
      this.waiting = null;
      resolve(line);
    });
  }

  static connect(url: URL): Promise<RedisCommands> {
    return new Promise((resolve, reject) => {
      const socket = createConnection(Number(url.port || 6379), url.hostname, () =>
        resolve(new RedisCommands(socket)),
      );
      socket.once('error', reject);
    });
  }

  async send(...words: string[]): Promise<string> {
    const reply = new Promise<string>((resolve) => (this.waiting = resolve));
    this.socket.write(
      `*${words.length}\r\n${words.map((word) => `$${Buffer.byteLength(word)}\r\n${word}\r\n`).join('')}`,
    );
    const line = await reply;
    if (line.startsWith('-')) throw new Error(`Redis answered ${line.slice(1)} to ${words[0]}`);
    return line.slice(1);
  }

  close() {
    this.socket.end();
  }
}

/**
 * The first empty logical database (1-15) of the Redis at `serverUrl`, as a URL Kiln's clients
 * open it with, and a clean-up that empties it. Pub/sub channels are the server's, not the
 * database's, so they are shared whatever the database.
 */
export async function emptyRedisDatabase(
  serverUrl: string,
): Promise<{ url: string; release(): Promise<void> }> {
  const base = new URL(serverUrl);
  if (base.password || base.username) throw new Error('a Redis with a password is not supported');
  const redis = await RedisCommands.connect(base);
  try {
    for (let database = 1; database < 16; database += 1) {
      await redis.send('SELECT', String(database));
      if (Number(await redis.send('DBSIZE')) !== 0) continue;
      const url = new URL(base);
      url.pathname = `/${database}`;
      return {
        url: url.toString(),
        async release() {
          const cleaner = await RedisCommands.connect(base);
          try {
            await cleaner.send('SELECT', String(database));
            await cleaner.send('FLUSHDB');
          } finally {
            cleaner.close();
          }
        },
      };
    }
    throw new Error(`no empty database on the Redis at ${serverUrl}`);
  } finally {
    redis.close();
  }
}
