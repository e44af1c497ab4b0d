import type { FailureKind } from './schemas';

export interface OpenAiFailure {
  status: number;
  headers: Record<string, string>;
  body: { error: { message: string; type: string; param: string | null; code: string | null } };
}

const FAILURES: Record<
  FailureKind,
  { status: number; message: string; type: string; param: string | null; code: string | null }
> = {
  // The real message echoes part of the key; the stand-in never does, so a test that looks
  // for the key in what Kiln shows the user finds only what Kiln put there.
  'invalid-key': {
    status: 401,
    message: 'Incorrect API key provided. You can find your API key in your account settings.',
    type: 'invalid_request_error',
    param: null,
    code: 'invalid_api_key',
  },
  'rate-limit': {
    status: 429,
    message: 'Rate limit reached for requests. Please try again in 20ms.',
    type: 'requests',
    param: null,
    code: 'rate_limit_exceeded',
  },
  'context-length': {
    status: 400,
    message:
      "This model's maximum context length is 128000 tokens. However, your messages resulted in 130000 tokens. Please reduce the length of the messages.",
    type: 'invalid_request_error',
    param: 'messages',
    code: 'context_length_exceeded',
  },
  'server-error': {
    status: 500,
    message: 'The server had an error while processing your request. Sorry about that!',
    type: 'server_error',
    param: null,
    code: null,
  },
};

/**
 * OpenAI's status and `{ error }` body for a scripted failure. Retryable ones (429, 5xx) carry
 * `retry-after-ms`, which the AI SDK honours, so a client's retries do not make a test wait
 * for the SDK's default two-second back-off.
 */
export function openAiFailure(
  kind: FailureKind,
  options: { message?: string; retryAfterMs?: number } = {},
): OpenAiFailure {
  const { status, message, ...rest } = FAILURES[kind];
  const retryable = status === 429 || status >= 500;
  return {
    status,
    headers: retryable ? { 'retry-after-ms': String(options.retryAfterMs ?? 10) } : {},
    body: { error: { message: options.message ?? message, ...rest } },
  };
}

/** A request the stand-in cannot serve (bad JSON, unknown scenario), in OpenAI's shape. */
export function invalidRequest(message: string, code: string | null = null): OpenAiFailure {
  return {
    status: 400,
    headers: {},
    body: { error: { message, type: 'invalid_request_error', param: null, code } },
  };
}
