import type { TemplateFile } from '@kiln/shared';
import { FAVICON_SVG, NODE_GITIGNORE, file, json } from './define';

export const fullstackReactExpressFiles: TemplateFile[] = [
  file(
    'README.md',
    `
# Full-Stack (React + Express)

A React front end (Vite) and an Express API in one repository, as npm workspaces:

- \`client/\`: React 19 on Vite; in development Vite forwards \`/api\` requests to the API
- \`server/\`: Express 5 JSON API with a health check and a notes resource

## Run it

\`\`\`bash
npm install       # installs both workspaces
npm run dev       # API on http://localhost:3001, app on http://localhost:5173
\`\`\`

Open http://localhost:5173. The app calls \`/api/...\` on its own origin and the Vite dev
server proxies those calls to the API (see \`client/vite.config.js\`), so there is no CORS to
configure.

## Production

\`\`\`bash
npm run build     # builds the client into client/dist
npm start         # the API serves client/dist and the API on one port (PORT, default 3001)
\`\`\`

## Tests

\`\`\`bash
npm test          # the API's tests, with Node's built-in test runner
\`\`\`

## API

| Method | Path            | Does                                   |
| ------ | --------------- | -------------------------------------- |
| GET    | /api/health     | \`{ "status": "ok" }\`                   |
| GET    | /api/notes      | every note                             |
| POST   | /api/notes      | add one: \`{ "text": "Hello" }\`         |
| DELETE | /api/notes/:id  | remove one                             |

Notes live in memory and reset when the API restarts.
`,
  ),
  file('.gitignore', NODE_GITIGNORE),
  json('package.json', {
    name: 'fullstack-react-express',
    version: '1.0.0',
    private: true,
    workspaces: ['client', 'server'],
    scripts: {
      dev: 'concurrently -k -n server,client -c blue,magenta "npm run dev -w server" "npm run dev -w client"',
      build: 'npm run build -w client',
      start: 'npm start -w server',
      test: 'npm test -w server',
    },
    devDependencies: {
      concurrently: '^9.2.0',
    },
    engines: {
      node: '>=20.19',
    },
  }),

  json('server/package.json', {
    name: 'server',
    version: '1.0.0',
    private: true,
    type: 'module',
    scripts: {
      start: 'node index.js',
      dev: 'node --watch index.js',
      test: 'node --test',
    },
    dependencies: {
      express: '^5.1.0',
    },
  }),
  file(
    'server/index.js',
    `
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createApp } from './app.js';

const port = Number(process.env.PORT) || 3001;
// After \`npm run build\`, the API also serves the built client, so one process runs it all.
const clientDist = fileURLToPath(new URL('../client/dist', import.meta.url));
const app = createApp({ clientDist: existsSync(clientDist) ? clientDist : undefined });

const server = app.listen(port, (error) => {
  if (error) throw error;
  console.log(\`API listening on http://localhost:\${port}\`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
  });
}
`,
  ),
  file(
    'server/app.js',
    `
import path from 'node:path';
import express from 'express';
import { createNotesRouter } from './routes/notes.js';

/**
 * Builds the API without listening, so tests can start it on any port.
 * \`clientDist\`, when given, is a built client to serve next to the API.
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
    res.status(404).json({ error: \`No route for \${req.method} \${req.originalUrl}\` });
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
`,
  ),
  file(
    'server/routes/notes.js',
    `
import { Router } from 'express';

const MAX_TEXT_LENGTH = 500;

/** The notes routes, with their own in-memory list (it resets when the server restarts). */
export function createNotesRouter() {
  const notes = [
    { id: 1, text: 'This note came from the Express API.', createdAt: new Date().toISOString() },
  ];
  let nextId = 2;
  const router = Router();

  router.get('/', (req, res) => {
    res.json(notes);
  });

  router.post('/', (req, res) => {
    const text = typeof req.body?.text === 'string' ? req.body.text.trim() : '';
    if (!text) {
      res.status(400).json({ error: 'text is required' });
      return;
    }
    if (text.length > MAX_TEXT_LENGTH) {
      res.status(400).json({ error: \`text must be at most \${MAX_TEXT_LENGTH} characters\` });
      return;
    }
    const note = { id: nextId++, text, createdAt: new Date().toISOString() };
    notes.push(note);
    res.status(201).json(note);
  });

  router.delete('/:id', (req, res) => {
    const index = notes.findIndex((note) => note.id === Number(req.params.id));
    if (index === -1) {
      res.status(404).json({ error: 'Note not found' });
      return;
    }
    notes.splice(index, 1);
    res.status(204).end();
  });

  return router;
}
`,
  ),
  file(
    'server/test/api.test.js',
    `
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, before, describe, it } from 'node:test';
import { createApp } from '../app.js';

let server;
let baseUrl;

before(async () => {
  server = createApp().listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = \`http://127.0.0.1:\${server.address().port}\`;
});

after(() => {
  server.close();
});

describe('API', () => {
  it('answers the health check', async () => {
    const response = await fetch(\`\${baseUrl}/api/health\`);
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { status: 'ok' });
  });

  it('adds, lists and deletes a note', async () => {
    const created = await fetch(\`\${baseUrl}/api/notes\`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: 'Remember the milk' }),
    });
    assert.equal(created.status, 201);
    const note = await created.json();
    assert.equal(note.text, 'Remember the milk');

    const notes = await (await fetch(\`\${baseUrl}/api/notes\`)).json();
    assert.ok(notes.some((item) => item.id === note.id));

    const deleted = await fetch(\`\${baseUrl}/api/notes/\${note.id}\`, { method: 'DELETE' });
    assert.equal(deleted.status, 204);
  });

  it('refuses an empty note', async () => {
    const response = await fetch(\`\${baseUrl}/api/notes\`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: '' }),
    });
    assert.equal(response.status, 400);
    assert.deepEqual(await response.json(), { error: 'text is required' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await fetch(\`\${baseUrl}/api/nothing-here\`);
    assert.equal(response.status, 404);
    assert.deepEqual(await response.json(), { error: 'No route for GET /api/nothing-here' });
  });
});
`,
  ),

  json('client/package.json', {
    name: 'client',
    private: true,
    version: '0.0.0',
    type: 'module',
    scripts: {
      dev: 'vite',
      build: 'vite build',
      preview: 'vite preview',
    },
    dependencies: {
      react: '^19.2.0',
      'react-dom': '^19.2.0',
    },
    devDependencies: {
      '@vitejs/plugin-react': '^6.0.0',
      vite: '^8.0.0',
    },
  }),
  file(
    'client/vite.config.js',
    `
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// https://vite.dev/config/
export default defineConfig({
  plugins: [react()],
  server: {
    // Forward API calls to the Express server during development (npm run dev).
    proxy: {
      '/api': 'http://localhost:3001',
    },
  },
});
`,
  ),
  file(
    'client/index.html',
    `
<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Notes: React + Express</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/main.jsx"></script>
  </body>
</html>
`,
  ),
  file('client/public/favicon.svg', FAVICON_SVG),
  file(
    'client/src/main.jsx',
    `
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './App.jsx';
import './index.css';

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
`,
  ),
  file(
    'client/src/api.js',
    `
// Calls to the Express API. Paths are relative, so the same code works behind the Vite proxy
// in development and when the API serves the built client in production.

async function request(path, options = {}) {
  const response = await fetch(path, {
    ...options,
    headers: { 'Content-Type': 'application/json', ...options.headers },
  });
  if (response.status === 204) return null;
  const body = await response.json().catch(() => null);
  if (!response.ok) {
    throw new Error(body?.error ?? \`The API answered \${response.status}. Is the server running?\`);
  }
  return body;
}

export const api = {
  health: () => request('/api/health'),
  listNotes: () => request('/api/notes'),
  createNote: (text) => request('/api/notes', { method: 'POST', body: JSON.stringify({ text }) }),
  deleteNote: (id) => request(\`/api/notes/\${id}\`, { method: 'DELETE' }),
};
`,
  ),
  file(
    'client/src/App.jsx',
    `
import { useEffect, useState } from 'react';
import { api } from './api.js';

function App() {
  const [status, setStatus] = useState('checking');
  const [notes, setNotes] = useState([]);
  const [text, setText] = useState('');
  const [error, setError] = useState(null);

  useEffect(() => {
    let ignore = false;
    Promise.all([api.health(), api.listNotes()])
      .then(([health, list]) => {
        if (ignore) return;
        setStatus(health.status);
        setNotes(list);
      })
      .catch((caught) => {
        if (ignore) return;
        setStatus('offline');
        setError(caught.message);
      });
    return () => {
      ignore = true;
    };
  }, []);

  async function handleSubmit(event) {
    event.preventDefault();
    try {
      const note = await api.createNote(text);
      setNotes((current) => [...current, note]);
      setText('');
      setError(null);
    } catch (caught) {
      setError(caught.message);
    }
  }

  async function handleDelete(id) {
    try {
      await api.deleteNote(id);
      setNotes((current) => current.filter((note) => note.id !== id));
    } catch (caught) {
      setError(caught.message);
    }
  }

  return (
    <main className="app">
      <header>
        <h1>Notes</h1>
        <p className={\`status status-\${status}\`}>API: {status}</p>
      </header>

      <form className="note-form" onSubmit={handleSubmit}>
        <input
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Write a note"
          aria-label="Note text"
        />
        <button type="submit" disabled={!text.trim()}>
          Add
        </button>
      </form>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}

      <ul className="notes">
        {notes.map((note) => (
          <li key={note.id}>
            <span>{note.text}</span>
            <button type="button" onClick={() => handleDelete(note.id)} aria-label="Delete note">
              Delete
            </button>
          </li>
        ))}
      </ul>
      {status === 'ok' && notes.length === 0 && <p className="empty">No notes yet.</p>}
    </main>
  );
}

export default App;
`,
  ),
  file(
    'client/src/index.css',
    `
:root {
  font-family: system-ui, 'Segoe UI', Roboto, sans-serif;
  line-height: 1.5;
  color-scheme: light dark;
  color: #1e2230;
  background: #f5f6fa;
  --accent: #4f46e5;
  --surface: #ffffff;
  --border: #dfe2ea;
}

@media (prefers-color-scheme: dark) {
  :root {
    color: #e6e8ef;
    background: #13151c;
    --accent: #818cf8;
    --surface: #1b1e27;
    --border: #2c3040;
  }
}

body {
  margin: 0;
}

button,
input {
  font: inherit;
}

.app {
  width: min(600px, 100% - 2rem);
  margin: 0 auto;
  padding: 3rem 0;
}

.app header {
  display: flex;
  align-items: baseline;
  justify-content: space-between;
}

.app h1 {
  margin: 0 0 1.5rem;
}

.status {
  margin: 0;
  padding: 0.2rem 0.7rem;
  border-radius: 999px;
  font-size: 0.85rem;
  background: var(--border);
}

.status-ok {
  background: #16a34a;
  color: #fff;
}

.status-offline {
  background: #dc2626;
  color: #fff;
}

.note-form {
  display: flex;
  gap: 0.5rem;
}

.note-form input {
  flex: 1;
  padding: 0.6rem 0.8rem;
  border: 1px solid var(--border);
  border-radius: 8px;
  background: var(--surface);
  color: inherit;
}

button {
  padding: 0.6rem 1rem;
  border: 0;
  border-radius: 8px;
  background: var(--accent);
  color: #fff;
  cursor: pointer;
}

button:disabled {
  opacity: 0.5;
  cursor: default;
}

.notes {
  display: grid;
  gap: 0.5rem;
  margin: 1.5rem 0 0;
  padding: 0;
  list-style: none;
}

.notes li {
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  padding: 0.75rem 1rem;
  border: 1px solid var(--border);
  border-radius: 10px;
  background: var(--surface);
}

.notes li button {
  padding: 0.3rem 0.7rem;
  background: transparent;
  color: inherit;
  border: 1px solid var(--border);
}

.error {
  color: #dc2626;
}

.empty {
  opacity: 0.7;
}
`,
  ),
];
