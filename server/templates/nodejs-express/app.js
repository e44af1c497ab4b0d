import express from 'express';
import { createTodosRouter } from './routes/todos.js';

/** Builds the app without listening, so tests can start it on any port. */
export function createApp() {
  const app = express();
  app.disable('x-powered-by');
  app.use(express.json({ limit: '100kb' }));

  app.get('/', (req, res) => {
    res.json({
      name: 'express-api',
      endpoints: ['GET /api/health', 'GET /api/todos', 'POST /api/todos'],
    });
  });

  app.get('/api/health', (req, res) => {
    res.json({ status: 'ok' });
  });

  app.use('/api/todos', createTodosRouter());

  app.use((req, res) => {
    res.status(404).json({ error: `No route for ${req.method} ${req.path}` });
  });

  // Express treats a middleware with four parameters as the error handler.
  app.use((error, req, res, next) => {
    // Errors from express.json() (bad JSON, body too large) are safe to show.
    if (error.expose) {
      res.status(error.status).json({ error: error.message });
      return;
    }
    console.error(error);
    res.status(500).json({ error: 'Something went wrong' });
  });

  return app;
}
