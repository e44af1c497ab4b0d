// bench/devserver: Run app's dev servers (decision 0020), in this process on the embedded
// database, with real bubblewrap sandboxes.
//  - Start: from POST /api/projects/{id}/dev-server to the first answer of the app's page
//    through its preview link (a plain Node server, no packages to install), stopped in between.
//  - Proxy: GET of a small answer of the app through the preview server (token check, proxy,
//    reverse bridge), against the same request sent straight into the reverse bridge's
//    connections (the app's socket as Kiln reaches it); one keep-alive connection each, in turn.
// Goal: the proxy adds under 5 ms at p99. It is a measurement, not a test: it prints met/MISSED
// and exits 0 either way.
// Run: npm run devserver -w bench   (BENCH_REQUESTS=300 for a quick look)
import { Agent } from 'node:http';
import os from 'node:os';
import { inject } from './lib/in-process';
import { startKilnWithPreview } from './lib/kiln-with-preview';
import { timedGet } from './lib/http-text';
import { printTable, supportedPercentile } from './lib/server';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const STARTS = Number(process.env.BENCH_STARTS ?? 5);
const WARMUP = 50;
const GOAL_P99_MS = 5;

const APP = `require('node:http').createServer((request, response) => {
  if (request.url === '/') {
    response.setHeader('content-type', 'text/html');
    return response.end('<!doctype html><html><head></head><body>Hello from the app</body></html>');
  }
  response.end('{"ok":true}');
}).listen(Number(process.env.PORT));
`;

const summary = (timings: number[]) => {
  const sorted = [...timings].sort((a, b) => a - b);
  return {
    p50: supportedPercentile(sorted, 50),
    p99: supportedPercentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
};
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : '-');

async function main() {
  const kiln = await startKilnWithPreview({
    label: 'devserver',
    publicUrl: 'http://127.0.0.1:5350',
  });
  const { app, cookies, onPreview } = kiln;
  try {
    const created = await inject(app, cookies, 'POST', '/api/projects', {
      name: 'Dev server bench',
      templateId: 'blank',
    });
    const projectId = created.json<{ id: string }>().id;
    for (const [file, content] of [
      ['package.json', JSON.stringify({ name: 'bench', scripts: { start: 'node server.js' } })],
      ['server.js', APP],
    ]) {
      await inject(app, cookies, 'POST', '/api/files', { projectId, path: file, content });
    }
    const link = (await inject(app, cookies, 'GET', `/api/projects/${projectId}/preview`)).json<{
      url: string;
    }>();
    const previewUrl = onPreview(link.url);

    const starts: number[] = [];
    const poller = new Agent({ keepAlive: true, maxSockets: 1 });
    for (let round = 0; round < STARTS; round += 1) {
      const started = performance.now();
      await inject(app, cookies, 'POST', `/api/projects/${projectId}/dev-server`, {});
      for (;;) {
        const answer = await timedGet(previewUrl, poller);
        if (answer.body.includes('Hello from the app')) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      starts.push(performance.now() - started);
      if (round < STARTS - 1) {
        await inject(app, cookies, 'DELETE', `/api/projects/${projectId}/dev-server`);
      }
    }
    poller.destroy();

    const target = await app.devServers.target(projectId);
    if (!target) throw new Error('the app is not running');
    const throughPreview = new Agent({ keepAlive: true, maxSockets: 1 });
    const viaProxy: number[] = [];
    const direct: number[] = [];
    for (let index = 0; index < WARMUP + REQUESTS; index += 1) {
      const proxied = await timedGet(`${previewUrl}api/item`, throughPreview);
      const straight = await timedGet('http://localhost/api/item', target.agent);
      if (proxied.status !== 200 || straight.status !== 200) {
        throw new Error(`answers ${proxied.status} and ${straight.status}`);
      }
      if (index < WARMUP) continue;
      viaProxy.push(proxied.ms);
      direct.push(straight.ms);
    }
    throughPreview.destroy();

    const start = summary(starts);
    const proxy = summary(viaProxy);
    const bridge = summary(direct);
    console.log(
      `\nDev servers: ${STARTS} starts, ${REQUESTS} requests each way, load ${os.loadavg()[0]!.toFixed(2)} (${os.availableParallelism()} cores)\n`,
    );
    printTable(
      ['Measure', 'p50 ms', 'p99 ms', 'max ms'],
      [
        ['Start to first preview answer', ms(start.p50), ms(start.p99), ms(start.max)],
        ['GET through the preview', ms(proxy.p50), ms(proxy.p99), ms(proxy.max)],
        ['GET straight into the bridge', ms(bridge.p50), ms(bridge.p99), ms(bridge.max)],
        ['Added by the preview proxy', ms(proxy.p50 - bridge.p50), ms(proxy.p99 - bridge.p99), ''],
      ],
    );
    const added = proxy.p99 - bridge.p99;
    console.log(
      `\nGoal: proxy adds under ${GOAL_P99_MS} ms at p99: ${added < GOAL_P99_MS ? 'met' : 'MISSED'} (${ms(added)} ms)`,
    );
  } finally {
    await kiln.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
