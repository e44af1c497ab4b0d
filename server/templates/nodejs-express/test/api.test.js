import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, before, describe, it } from 'node:test';
import { createApp } from '../app.js';

let server;
let baseUrl;

before(async () => {
  server = createApp().listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${server.address().port}`;
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
    assert.equal(created.headers.get('location'), `/api/todos/${todo.id}`);

    const list = await (await send('GET', '/api/todos')).json();
    assert.ok(list.some((item) => item.id === todo.id));

    const updated = await send('PATCH', `/api/todos/${todo.id}`, { completed: true });
    assert.equal(updated.status, 200);
    assert.equal((await updated.json()).completed, true);

    const deleted = await send('DELETE', `/api/todos/${todo.id}`);
    assert.equal(deleted.status, 204);
    assert.equal((await send('GET', `/api/todos/${todo.id}`)).status, 404);
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
    const response = await fetch(`${baseUrl}/api/todos`, {
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
