import { readFile } from 'node:fs/promises';
import { createServer, request as forward } from 'node:http';
import { startInstalledWheelIndex } from '../../server/src/test/installed-wheels';

/**
 * The Python package index of the e2e suite, on 127.0.0.1:WHEEL_INDEX_PORT: PyPI is out of
 * reach, so it serves wheels rebuilt from the Flask (and pytest) installed on this machine
 * (server/src/test/installed-wheels.ts), everything the Flask template's requirements.txt
 * names. The server under test reaches it as PIP_INDEX_URL (playwright.config.ts).
 *
 * The index listens on a port of its own choosing, while the config names every port before
 * anything starts: this process answers on the named port by passing each request on to it.
 */
const port = Number(process.env.WHEEL_INDEX_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('WHEEL_INDEX_PORT must be a port');

const requirementsFile = new URL(
  '../../server/templates/python-flask/requirements.txt',
  import.meta.url,
);
const requirements = (await readFile(requirementsFile, 'utf8'))
  .split('\n')
  .map((line) => line.replace(/#.*/, '').trim())
  .filter(Boolean);

const index = await startInstalledWheelIndex(requirements);
const target = new URL(index.url);

const server = createServer((request, response) => {
  const upstream = forward(
    {
      host: target.hostname,
      port: target.port,
      path: request.url,
      method: request.method,
      headers: request.headers,
    },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  upstream.on('error', (error) => {
    response.writeHead(502, { 'content-type': 'text/plain' }).end(error.message);
  });
  request.pipe(upstream);
});
server.listen(port, '127.0.0.1', () => {
  console.log(`Wheel index on http://127.0.0.1:${port}/simple/: ${index.wheels.join(', ')}`);
});

const stop = () => {
  server.close();
  void index.close().then(() => process.exit(0));
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, stop);
