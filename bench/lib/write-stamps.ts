import { ServerResponse } from 'node:http';
import { epochNow } from './clock';

/**
 * Records when an HTTP server in this process writes each chunk of its responses: the time
 * (`epochNow`) just before the chunk is handed to the socket, and its text. Only responses of
 * the server listening on `port` are recorded. The stand-in for a model server
 * (server/src/test/model-stand-in) writes every SSE event with one `write`, so the first chunk
 * holding a token is the moment the "model" sent it. Recording wraps `ServerResponse.write`
 * for as long as this runs; `stop` puts it back.
 */
export function recordResponseWrites(port: number) {
  const writes: { at: number; text: string }[] = [];
  const original = ServerResponse.prototype.write;
  ServerResponse.prototype.write = function write(
    this: ServerResponse,
    ...args: Parameters<ServerResponse['write']>
  ) {
    if (this.socket?.localPort === port) {
      const [chunk] = args;
      writes.push({ at: epochNow(), text: typeof chunk === 'string' ? chunk : String(chunk) });
    }
    return original.apply(this, args);
  } as ServerResponse['write'];
  return {
    /** When the first chunk holding `text` was written, if one was. */
    firstWriteOf(text: string): number | undefined {
      return writes.find((write) => write.text.includes(text))?.at;
    },
    clear() {
      writes.length = 0;
    },
    stop() {
      ServerResponse.prototype.write = original;
    },
  };
}
