import { describe, expect, it, vi } from 'vitest';
import { ApiError, messageOf, serverMessageOf } from './api-error';
import { throwIfNotOk } from './request';

const json = (value: unknown) => JSON.stringify(value);

describe('ApiError.fromBody', () => {
  it("reads Kiln's error body: the code and the server's sentence", async () => {
    const error = await ApiError.fromBody(
      403,
      'Forbidden',
      json({ error: 'Viewers cannot edit files', code: 'FORBIDDEN' }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'ApiError',
      status: 403,
      code: 'FORBIDDEN',
      message: 'Viewers cannot edit files',
      details: {},
    });
  });

  it('keeps the fields an answer adds beside error and code as details', async () => {
    const current = { id: 'f1', path: 'src/a.ts', version: 7 };
    const error = await ApiError.fromBody(
      409,
      'Conflict',
      json({ error: 'src/a.ts was changed elsewhere', code: 'CONFLICT', current }),
    );
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toBe('src/a.ts was changed elsewhere');
    expect(error.details).toEqual({ current });
  });

  it('takes a plain text body as no code, with the status text as its message', async () => {
    const error = await ApiError.fromBody(500, 'Internal Server Error', 'Internal Server Error');
    expect(error).toMatchObject({ status: 500, code: null, message: 'Internal Server Error' });
    expect(error.details).toEqual({});
  });

  it("takes a proxy's HTML page as no code", async () => {
    const page = '<html><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>';
    const error = await ApiError.fromBody(502, 'Bad Gateway', page);
    expect(error).toMatchObject({ status: 502, code: null, message: 'Bad Gateway' });
  });

  it('takes an empty body as no code, and names the status when there is no status text', async () => {
    expect(await ApiError.fromBody(503, 'Service Unavailable', '')).toMatchObject({
      code: null,
      message: 'Service Unavailable',
    });
    // HTTP/2 answers carry no status text.
    expect((await ApiError.fromBody(504, '', '')).message).toBe('The server answered 504.');
  });

  it('takes JSON that is not a Kiln error body as no code', async () => {
    for (const body of [
      json({ error: 'Internal' }),
      json({ error: 'Gone', code: 'NOT_A_KILN_CODE' }),
      json({ error: '', code: 'INTERNAL' }),
      json({ statusCode: 404, message: 'Route not found' }),
      json(['INTERNAL']),
      'null',
    ]) {
      expect(await ApiError.fromBody(500, 'Internal Server Error', body)).toMatchObject({
        code: null,
        message: 'Internal Server Error',
        details: {},
      });
    }
  });
});

describe('ApiError.fromBody without its schema', () => {
  it("reads Kiln's body as no code, not as a failed import, when the schema's chunk fails to load", async () => {
    vi.resetModules();
    vi.doMock('./error-answer-schema', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    try {
      const { ApiError: FreshApiError } = await import('./api-error');
      const body = json({ error: 'No such project', code: 'NOT_FOUND' });
      expect(await FreshApiError.fromBody(404, 'Not Found', body)).toMatchObject({
        status: 404,
        code: null,
        message: 'Not Found',
      });
    } finally {
      vi.doUnmock('./error-answer-schema');
      vi.resetModules();
    }
  });
});

describe('throwIfNotOk', () => {
  it('throws the ApiError of a failed answer', async () => {
    const response = new Response(json({ error: 'No such project', code: 'NOT_FOUND' }), {
      status: 404,
      statusText: 'Not Found',
    });
    await expect(throwIfNotOk(response)).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      message: 'No such project',
    });
  });

  it('lets a 2xx through', async () => {
    await expect(throwIfNotOk(new Response('{}', { status: 200 }))).resolves.toBeUndefined();
  });
});

describe('messageOf', () => {
  const fallback = 'Failed to save';

  it("shows the server's sentence, and the fallback for an answer that is not Kiln's", async () => {
    const refused = await ApiError.fromBody(
      429,
      '',
      json({ error: 'Slow down', code: 'RATE_LIMITED' }),
    );
    expect(messageOf(refused, fallback)).toBe('Slow down');
    expect(messageOf(await ApiError.fromBody(502, 'Bad Gateway', '<html/>'), fallback)).toBe(
      fallback,
    );
  });

  it('shows the message of an error thrown before any answer', () => {
    expect(messageOf(new TypeError('Failed to fetch'), fallback)).toBe('Failed to fetch');
    expect(messageOf(new Error(''), fallback)).toBe(fallback);
    expect(messageOf('not an error', fallback)).toBe(fallback);
  });
});

describe('serverMessageOf', () => {
  it("shows only the server's sentence", async () => {
    const refused = await ApiError.fromBody(
      409,
      '',
      json({ error: 'One at a time', code: 'CONFLICT' }),
    );
    expect(serverMessageOf(refused, 'Install failed')).toBe('One at a time');
    expect(serverMessageOf(new TypeError('Failed to fetch'), 'Install failed')).toBe(
      'Install failed',
    );
    expect(serverMessageOf(await ApiError.fromBody(500, '', ''), 'Install failed')).toBe(
      'Install failed',
    );
  });
});
