import path from 'node:path';
import express from 'express';
import { createNotesRouter } from './routes/notes.js';

/**
 * Builds the API without listening, so tests can start it on any port.
 * `clientDist`, when given, is a built client to serve next to the API.
 */
export function createApp({ clientDist } = {}) {
  const app = express();
  app.disable('x-powered-by');
  app.use(express.json({ limit: '100kb' }));

  app.get('/api/health', (req, res) => {
    res.json({ status: 'ok' });
  });

  app.use('/api/notes', createNotesRouter());

  app.use('/api', (req, res) => {
    res.status(404).json({ error: `No route for ${req.method} ${req.originalUrl}` });
  });

  if (clientDist) {
    app.use(express.static(clientDist));
    // Client-side routes: any other GET answers the app's page.
    app.get('/{*path}', (req, res) => {
      res.sendFile(path.join(clientDist, 'index.html'));
    });
  }

  // Express treats a middleware with four parameters as the error handler.
  app.use((error, req, res, next) => {
    if (error.expose) {
      res.status(error.status).json({ error: error.message });
      return;
    }
    console.error(error);
    res.status(500).json({ error: 'Something went wrong' });
  });

  return app;
}
