import net from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent: headers and body. */
  data: string;
}

/**
 * A mail server on 127.0.0.1 for tests, speaking as much SMTP as nodemailer uses. While
 * `answering` is false it takes connections and says nothing, as a hung server would.
 */
export class SmtpStandIn {
  readonly received: ReceivedMail[] = [];
  connections = 0;
  answering = true;
  private readonly server = net.createServer((socket) => this.serve(socket));
  private readonly sockets = new Set<net.Socket>();

  async listen(port = 0): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
    return (this.server.address() as net.AddressInfo).port;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private serve(socket: net.Socket): void {
    this.connections += 1;
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
    if (!this.answering) return;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let mail: ReceivedMail = { from: '', to: [], data: '' };
    let inData = false;
    let buffered = '';
    reply('220 kiln-test ESMTP');
    socket.on('data', (chunk) => {
      buffered += chunk.toString('utf8');
      let end: number;
      while ((end = buffered.indexOf('\r\n')) >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            this.received.push(mail);
            mail = { from: '', to: [], data: '' };
            reply('250 queued');
          } else {
            mail.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 kiln-test');
        else if (verb === 'MAIL') {
          mail.from = line.slice(10).trim();
          reply('250 ok');
        } else if (verb === 'RCPT') {
          mail.to.push(line.slice(8).trim().replace(/^<|>$/g, ''));
          reply('250 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with .');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 ok');
      }
    });
  }
}
