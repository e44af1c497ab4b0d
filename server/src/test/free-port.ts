import net from 'node:net';

/** Linux's default ephemeral range starts here (net.ipv4.ip_local_port_range). */
const EPHEMERAL_START = 32_768;
const LOWEST = 20_000;

/**
 * A port free right now, for a process the test starts that must be told its port before it
 * listens. It is chosen below the kernel's ephemeral range, where every `listen(0)` of the
 * suite's other servers lands: while the process starts (seconds, for a server compiled on the
 * fly), no server of another test can be handed the same port and answer in its place.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = LOWEST + Math.floor(Math.random() * (EPHEMERAL_START - LOWEST));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port between ${LOWEST} and ${EPHEMERAL_START}`);
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}
