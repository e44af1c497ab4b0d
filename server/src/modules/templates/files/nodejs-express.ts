import type { TemplateFile } from '@kiln/shared';
import { NODE_GITIGNORE, file, json } from './define';

export const nodejsExpressFiles: TemplateFile[] = [
  file(
    'README.md',
    `
# Node.js + Express

A JSON API on [Express 5](https://expressjs.com) with a health check, an in-memory todo
resource with validation, JSON error responses and tests using Node's built-in test runner.

## Run it

\`\`\`bash
npm install
npm start         # http://localhost:3000 (set PORT to change it)
npm run dev       # restarts when a file changes
npm test          # node --test
\`\`\`

## Endpoints

| Method | Path             | Does                                         |
| ------ | ---------------- | -------------------------------------------- |
| GET    | /api/health      | \`{ "status": "ok" }\`                         |
| GET    | /api/todos       | every todo                                   |
| POST   | /api/todos       | create one: \`{ "title": "Buy milk" }\`        |
| GET    | /api/todos/:id   | one todo                                     |
| PATCH  | /api/todos/:id   | change \`title\` and/or \`completed\`            |
| DELETE | /api/todos/:id   | remove one                                   |

Try it:

\`\`\`bash
curl -X POST http://localhost:3000/api/todos \\
  -H 'Content-Type: application/json' \\
  -d '{"title": "Write the docs"}'
curl http://localhost:3000/api/todos
\`\`\`

Errors are JSON too: \`{ "error": "title is required" }\` with a 400, 404 or 500 status.
Todos live in memory, so they reset on restart; swap \`routes/todos.js\` over to a database
when you need them to last.

## Layout

- \`index.js\`: starts the server
- \`app.js\`: builds the Express app (middleware, routes, error handling); tests import it
- \`routes/todos.js\`: the todo routes and their validation
- \`test/api.test.js\`: end-to-end tests against a real server on a random port
`,
  ),
  file('.gitignore', NODE_GITIGNORE),
  json('package.json', {
    name: 'express-api',
    version: '1.0.0',
    private: true,
    type: 'module',
    main: 'index.js',
    scripts: {
      start: 'node index.js',
      dev: 'node --watch index.js',
      test: 'node --test',
    },
    dependencies: {
      express: '^5.1.0',
    },
    engines: {
      node: '>=20',
    },
  }),
  file(
    'index.js',
    `
import { createApp } from './app.js';

const port = Number(process.env.PORT) || 3000;
const app = createApp();

const server = app.listen(port, (error) => {
  if (error) throw error;
  console.log(\`Server listening on http://localhost:\${port}\`);
});

// Finish in-flight requests before exiting on Ctrl+C or a container stop.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
  });
}
`,
  ),
  file(
    'app.js',
    `
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
    res.status(404).json({ error: \`No route for \${req.method} \${req.path}\` });
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
`,
  ),
  file(
    'routes/todos.js',
    `
import { Router } from 'express';

const MAX_TITLE_LENGTH = 200;

/**
 * Checks a todo payload and answers an error message, or null when it is valid.
 * With \`partial\`, fields may be left out (PATCH).
 */
export function validateTodo(body, { partial = false } = {}) {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return 'Send a JSON object with Content-Type: application/json';
  }
  if (!partial || body.title !== undefined) {
    if (typeof body.title !== 'string' || body.title.trim() === '') {
      return 'title is required';
    }
    if (body.title.trim().length > MAX_TITLE_LENGTH) {
      return \`title must be at most \${MAX_TITLE_LENGTH} characters\`;
    }
  }
  if (body.completed !== undefined && typeof body.completed !== 'boolean') {
    return 'completed must be true or false';
  }
  return null;
}

/** The todo routes, with their own in-memory list (it resets when the server restarts). */
export function createTodosRouter() {
  const todos = [];
  let nextId = 1;
  const router = Router();

  const findTodo = (id) => todos.find((todo) => todo.id === Number(id));

  router.get('/', (req, res) => {
    res.json(todos);
  });

  router.post('/', (req, res) => {
    const error = validateTodo(req.body);
    if (error) {
      res.status(400).json({ error });
      return;
    }
    const todo = {
      id: nextId++,
      title: req.body.title.trim(),
      completed: req.body.completed ?? false,
      createdAt: new Date().toISOString(),
    };
    todos.push(todo);
    res.status(201).location(\`\${req.baseUrl}/\${todo.id}\`).json(todo);
  });

  router.get('/:id', (req, res) => {
    const todo = findTodo(req.params.id);
    if (!todo) {
      res.status(404).json({ error: 'Todo not found' });
      return;
    }
    res.json(todo);
  });

  router.patch('/:id', (req, res) => {
    const todo = findTodo(req.params.id);
    if (!todo) {
      res.status(404).json({ error: 'Todo not found' });
      return;
    }
    const error = validateTodo(req.body, { partial: true });
    if (error) {
      res.status(400).json({ error });
      return;
    }
    if (req.body.title !== undefined) todo.title = req.body.title.trim();
    if (req.body.completed !== undefined) todo.completed = req.body.completed;
    res.json(todo);
  });

  router.delete('/:id', (req, res) => {
    const index = todos.findIndex((todo) => todo.id === Number(req.params.id));
    if (index === -1) {
      res.status(404).json({ error: 'Todo not found' });
      return;
    }
    todos.splice(index, 1);
    res.status(204).end();
  });

  return router;
}
`,
  ),
  file(
    'test/api.test.js',
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

function send(method, path, body) {
  return fetch(baseUrl + path, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

describe('GET /api/health', () => {
  it('answers ok', async () => {
    const response = await send('GET', '/api/health');
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { status: 'ok' });
  });
});

describe('/api/todos', () => {
  it('creates a todo, lists it, completes it and deletes it', async () => {
    const created = await send('POST', '/api/todos', { title: '  Write tests  ' });
    assert.equal(created.status, 201);
    const todo = await created.json();
    assert.equal(todo.title, 'Write tests');
    assert.equal(todo.completed, false);
    assert.equal(created.headers.get('location'), \`/api/todos/\${todo.id}\`);

    const list = await (await send('GET', '/api/todos')).json();
    assert.ok(list.some((item) => item.id === todo.id));

    const updated = await send('PATCH', \`/api/todos/\${todo.id}\`, { completed: true });
    assert.equal(updated.status, 200);
    assert.equal((await updated.json()).completed, true);

    const deleted = await send('DELETE', \`/api/todos/\${todo.id}\`);
    assert.equal(deleted.status, 204);
    assert.equal((await send('GET', \`/api/todos/\${todo.id}\`)).status, 404);
  });

  it('refuses a todo without a title', async () => {
    const response = await send('POST', '/api/todos', { title: '   ' });
    assert.equal(response.status, 400);
    assert.deepEqual(await response.json(), { error: 'title is required' });
  });

  it('refuses a non-boolean completed flag', async () => {
    const response = await send('POST', '/api/todos', { title: 'Ship it', completed: 'yes' });
    assert.equal(response.status, 400);
    assert.deepEqual(await response.json(), { error: 'completed must be true or false' });
  });

  it('answers malformed JSON with a 400', async () => {
    const response = await fetch(\`\${baseUrl}/api/todos\`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"title":',
    });
    assert.equal(response.status, 400);
    assert.ok((await response.json()).error);
  });
});

describe('unknown routes', () => {
  it('answer a JSON 404', async () => {
    const response = await send('GET', '/api/nope');
    assert.equal(response.status, 404);
    assert.deepEqual(await response.json(), { error: 'No route for GET /api/nope' });
  });
});
`,
  ),
];
