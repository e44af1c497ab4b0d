import { createServer, request as forward } from 'node:http';
import {
  detectSystemProgram,
  readRequirements,
  systemProgram,
} from '../../scripts/system-programs.mjs';
import { startInstalledWheelIndex } from '../../server/src/test/installed-wheels';
import { startWheelIndex } from '../../server/src/test/wheel-index';

/**
 * The Python package index of the e2e suite, on 127.0.0.1:WHEEL_INDEX_PORT: PyPI is out of
 * reach, so it serves wheels rebuilt from the Flask (and pytest) installed on this machine
 * (server/src/test/installed-wheels.ts), everything the Flask template's requirements.txt
 * names. The server under test reaches it as PIP_INDEX_URL (playwright.config.ts).
 *
 * On a machine with no Python that has them (`flask-wheels` in scripts/system-programs.json) it
 * serves an empty index and says why: the specs that install Flask skip with that reason
 * (skipWithout), and the rest run. A Python that has them whose wheels cannot be rebuilt is a
 * real failure: this server does not start, saying why.
 *
 * The index listens on a port of its own choosing, while the config names every port before
 * anything starts: this process answers on the named port by passing each request on to it.
 */
const port = Number(process.env.WHEEL_INDEX_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('WHEEL_INDEX_PORT must be a port');

const flask = systemProgram('flask-wheels');
const found = detectSystemProgram(flask);
let index: { url: string; close(): Promise<void> };
let serving: string;
if (found.ok) {
  const installed = await startInstalledWheelIndex(readRequirements(flask.detect.requirements!));
  index = installed;
  serving = installed.wheels.join(', ');
} else {
  // Playwright shows a web server's stderr.
  console.error(
    [
      `Wheel index: serving no wheels, so the specs that install Flask are skipped. ${found.reason}`,
      ...(found.details ?? []).map((detail) => `  ${detail}`),
    ].join('\n'),
  );
  index = await startWheelIndex();
  serving = 'no wheels';
}
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
  console.log(`Wheel index on http://127.0.0.1:${port}/simple/: ${serving}`);
});

const stop = () => {
  server.close();
  void index.close().then(() => process.exit(0));
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, stop);
