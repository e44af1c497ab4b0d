import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  /** The Authorization header it carried, if any: a token that reached this server. */
  authorization: string | undefined;
}

/**
 * An HTTP server on 127.0.0.1 that writes down every request it gets before `answer` answers
 * it: the stand-in for a host Kiln must never reach, or the first hop that sends Kiln there.
 */
export interface RecordingServer {
  origin: string;
  port: number;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startRecordingServer(
  answer: (request: http.IncomingMessage, response: http.ServerResponse) => void,
): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((request, response) => {
    requests.push({
      method: request.method ?? 'GET',
      url: request.url ?? '/',
      authorization: request.headers.authorization,
    });
    answer(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Sends a request on to `origin` as it came (path, method, headers, body) and pipes back the answer. */
export function forwardTo(
  origin: string,
  request: http.IncomingMessage,
  response: http.ServerResponse,
  path = request.url ?? '/',
): void {
  const target = new URL(path, origin);
  const outgoing = http.request(
    target,
    { method: request.method, headers: { ...request.headers, host: target.host } },
    (incoming) => {
      response.writeHead(incoming.statusCode ?? 502, incoming.headers);
      incoming.pipe(response);
    },
  );
  outgoing.on('error', () => {
    if (!response.headersSent) response.writeHead(502);
    response.end();
  });
  request.pipe(outgoing);
}

/** Answers a redirect to `location` with an empty body. */
export function redirect(response: http.ServerResponse, status: number, location: string): void {
  response.writeHead(status, { location, 'content-length': '0' });
  response.end();
}
