import net from 'node:net';

/**
 * A TCP relay in front of the server under test, so a spec can cut the network the way it
 * fails in real life: connections ended without a word to either side, and new ones refused
 * for a while. Listens on 127.0.0.1 on a port of its own.
 */
export class TcpProxy {
  private readonly server: net.Server;
  private readonly open = new Set<net.Socket>();
  private refusing = false;

  private constructor(targetPort: number) {
    this.server = net.createServer((client) => {
      if (this.refusing) return client.destroy();
      const upstream = net.connect(targetPort, '127.0.0.1');
      for (const [from, to] of [
        [client, upstream],
        [upstream, client],
      ] as const) {
        this.open.add(from);
        from.pipe(to);
        from.on('error', () => to.destroy());
        from.on('close', () => {
          this.open.delete(from);
          to.destroy();
        });
      }
    });
  }

  static async start(targetPort: number): Promise<TcpProxy> {
    const proxy = new TcpProxy(targetPort);
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get origin(): string {
    return `http://127.0.0.1:${(this.server.address() as net.AddressInfo).port}`;
  }

  /** Every connection through the relay ends at once, with a reset, as when the network drops. */
  cut(): void {
    for (const socket of this.open) socket.resetAndDestroy();
  }

  /** While down, every new connection is ended as it arrives. */
  setDown(down: boolean): void {
    this.refusing = down;
    if (down) this.cut();
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
