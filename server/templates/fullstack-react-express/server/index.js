import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createApp } from './app.js';

const port = Number(process.env.PORT) || 3001;
// After `npm run build`, the API also serves the built client, so one process runs it all.
const clientDist = fileURLToPath(new URL('../client/dist', import.meta.url));
const app = createApp({ clientDist: existsSync(clientDist) ? clientDist : undefined });

const server = app.listen(port, (error) => {
  if (error) throw error;
  console.log(`API listening on http://localhost:${port}`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
  });
}
