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

describe('API', () => {
  it('answers the health check', async () => {
    const response = await fetch(`${baseUrl}/api/health`);
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { status: 'ok' });
  });

  it('adds, lists and deletes a note', async () => {
    const created = await fetch(`${baseUrl}/api/notes`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: 'Remember the milk' }),
    });
    assert.equal(created.status, 201);
    const note = await created.json();
    assert.equal(note.text, 'Remember the milk');

    const notes = await (await fetch(`${baseUrl}/api/notes`)).json();
    assert.ok(notes.some((item) => item.id === note.id));

    const deleted = await fetch(`${baseUrl}/api/notes/${note.id}`, { method: 'DELETE' });
    assert.equal(deleted.status, 204);
  });

  it('refuses an empty note', async () => {
    const response = await fetch(`${baseUrl}/api/notes`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: '' }),
    });
    assert.equal(response.status, 400);
    assert.deepEqual(await response.json(), { error: 'text is required' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await fetch(`${baseUrl}/api/nothing-here`);
    assert.equal(response.status, 404);
    assert.deepEqual(await response.json(), { error: 'No route for GET /api/nothing-here' });
  });
});
