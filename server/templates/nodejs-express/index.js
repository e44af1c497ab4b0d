import { createApp } from './app.js';

const port = Number(process.env.PORT) || 3000;
const app = createApp();

const server = app.listen(port, (error) => {
  if (error) throw error;
  console.log(`Server listening on http://localhost:${port}`);
});

// Finish in-flight requests before exiting on Ctrl+C or a container stop.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
  });
}
