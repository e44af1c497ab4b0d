import { addFile, createProject, editorReady, expect, test } from './fixtures';
import { skipWithout } from './support/system-programs';

skipWithout('bwrap');

/**
 * Run app (decision 0020): a project's own server started in the sandbox and shown in the
 * preview through its signed link, with the page's absolute fetches and its WebSocket reaching
 * the app as well.
 */

/**
 * A plain Node server, no packages: a page that fetches `/api/hello` and opens a WebSocket at
 * `/ws` (absolute paths, as apps write them), and a WebSocket handshake done by hand.
 */
const SERVER = `const http = require('node:http');
const { createHash } = require('node:crypto');
const PAGE = \`<!doctype html><html lang="en"><head><title>Kiln app</title></head><body>
<h1>Hello from the app</h1><p id="api">waiting</p><p id="socket">waiting</p>
<script>
fetch('/api/hello').then((r) => r.text()).then((t) => (document.getElementById('api').textContent = t));
const socket = new WebSocket('ws://' + location.host + '/ws');
socket.onmessage = (event) => (document.getElementById('socket').textContent = event.data);
</script></body></html>\`;
const server = http.createServer((request, response) => {
  if (request.url === '/api/hello') return response.end('api answered');
  response.setHeader('content-type', 'text/html; charset=utf-8');
  response.end(PAGE);
});
server.on('upgrade', (request, socket) => {
  const accept = createHash('sha1')
    .update(request.headers['sec-websocket-key'] + '258EAFA5-E914-47DA-95CA-C5AB0DC85B11')
    .digest('base64');
  socket.write('HTTP/1.1 101 Switching Protocols\\r\\nUpgrade: websocket\\r\\nConnection: Upgrade\\r\\nSec-WebSocket-Accept: ' + accept + '\\r\\n\\r\\n');
  const text = Buffer.from('socket answered');
  socket.write(Buffer.concat([Buffer.from([0x81, text.length]), text]));
});
server.listen(Number(process.env.PORT), () => console.log('app ready on ' + process.env.PORT));
`;

test.describe('run app', () => {
  // A sandboxed server and Monaco on a 2-core machine.
  test.describe.configure({ timeout: 120_000 });

  test('Run app starts the project’s server and the preview shows it at three sizes', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    const id = await createProject(page, 'blank', 'Node server');
    await addFile(
      page,
      id,
      'package.json',
      JSON.stringify({ name: 'e2e-server', private: true, scripts: { start: 'node server.js' } }),
    );
    await addFile(page, id, 'server.js', SERVER);
    await page.goto(`/editor/${id}`);
    await editorReady(page);

    await page.getByRole('button', { name: 'Run app', exact: true }).click();
    const log = page.getByRole('region', { name: 'App log' });
    await expect(log).toContainText('app ready on 3000');
    await expect(page.getByTestId('app-status')).toHaveText('Running (npm start) on port 3000');

    const app = page.locator('iframe[title="Preview of Running app"]').contentFrame();
    await expect(app.getByRole('heading', { name: 'Hello from the app' })).toBeVisible();
    await expect(app.locator('#api')).toHaveText('api answered');
    await expect(app.locator('#socket')).toHaveText('socket answered');
    for (const device of ['Tablet', 'Mobile', 'Desktop']) {
      await page.getByRole('button', { name: device, exact: true }).click();
      await expect(app.getByRole('heading', { name: 'Hello from the app' })).toBeVisible();
    }

    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Run app', exact: true })).toBeVisible();
    await expect(page.getByTestId('app-status')).toHaveText('You stopped the app.');
  });
});
