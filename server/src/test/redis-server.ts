import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A Redis server of the test's own, on a free port, keeping its data on disk (append-only file)
 * as a production Redis does, so it can be stopped and started again without touching the
 * machine's shared one.
 */
export class OwnRedis {
  private child: ChildProcess | undefined;

  private constructor(
    readonly port: number,
    private readonly dir: string,
  ) {}

  static async start(): Promise<OwnRedis> {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kiln-redis-'));
    const redis = new OwnRedis(await freePort(), dir);
    await redis.resume();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /**
   * Starts the server again (when stopped), from what it kept on disk; answers once it takes
   * connections.
   */
  async resume(): Promise<void> {
    if (this.running()) return;
    const args = ['--bind', '127.0.0.1', '--port', String(this.port), '--dir', this.dir];
    args.push('--appendonly', 'yes', '--save', '', '--appendfsync', 'always');
    const child = spawn('redis-server', args, { stdio: 'ignore' });
    this.child = child;
    const deadline = Date.now() + 10_000;
    while (!(await answers(this.port))) {
      if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error('redis-server did not start in 10 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Stops the server as an operator would (SIGTERM), and waits for it to be gone. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || !this.running()) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }

  private running(): boolean {
    return (
      this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null
    );
  }

  async remove(): Promise<void> {
    await this.stop();
    await fs.rm(this.dir, { recursive: true, force: true });
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.write('PING\r\n');
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
    });
    socket.once('error', () => resolve(false));
  });
}
