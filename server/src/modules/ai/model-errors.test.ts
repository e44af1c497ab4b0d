import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';
import { ModelIdleError, toAiError } from './model-errors';
import { modelLabel } from './providers';

const callError = (statusCode: number | undefined, responseBody = '', cause?: unknown) =>
  new APICallError({
    message: 'failed',
    url: 'http://127.0.0.1:11434/v1/chat/completions',
    requestBodyValues: {},
    statusCode,
    responseBody,
    cause,
  });

describe('provider failures, in words a person understands', () => {
  it.each([
    [callError(401), 'AI_PROVIDER_ERROR', /refused Kiln's API key \(it answered 401\)/],
    [callError(403), 'AI_PROVIDER_ERROR', /refused Kiln's API key/],
    [callError(429), 'AI_PROVIDER_BUSY', /rate limiting Kiln/],
    [
      callError(400, '{"error":{"code":"context_length_exceeded"}}'),
      'AI_CONTEXT_TOO_LONG',
      /too long for the model/,
    ],
    [callError(500), 'AI_PROVIDER_BUSY', /having trouble \(it answered 500\)/],
    [callError(422), 'AI_PROVIDER_ERROR', /could not take the request \(it answered 422\)/],
    [new ModelIdleError(60), 'AI_TIMEOUT', /nothing arrived for 60 seconds/],
  ])('%#', (error, code, message) => {
    const mapped = toAiError(error, 'openai');
    expect(mapped.code).toBe(code);
    expect(mapped.message).toMatch(message);
  });

  it('names a server that cannot be reached', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:11434'), {
      code: 'ECONNREFUSED',
    });
    const mapped = toAiError(new TypeError('fetch failed', { cause: refused }), 'openai');
    expect(mapped.code).toBe('AI_PROVIDER_BUSY');
    expect(mapped.message).toMatch(/could not reach the OpenAI-compatible server \(ECONNREFUSED\)/);
  });
});

describe('model labels', () => {
  it.each([
    ['claude-sonnet-4-5', 'Claude Sonnet 4.5'],
    ['claude-sonnet-4-5-20250929', 'Claude Sonnet 4.5'],
    ['claude-opus-4-1', 'Claude Opus 4.1'],
    ['claude-haiku-4', 'Claude Haiku 4'],
    ['gpt-4.1', 'GPT-4.1'],
    ['qwen2.5-coder', 'qwen2.5-coder'],
  ])('%s reads %s', (id, label) => expect(modelLabel(id)).toBe(label));
});
