import { APICallError, RetryError } from 'ai';
import { AppError } from '../../lib/app-error';

const PROVIDER_NAMES = { anthropic: 'Anthropic', openai: 'the OpenAI-compatible server' } as const;

/** Why Kiln itself ended a model request, set as the abort reason of its controller. */
export type KilnAbortReason = 'idle' | 'client-gone' | 'stopped';

export class ModelIdleError extends Error {
  constructor(readonly seconds: number) {
    super(`The AI model sent nothing for ${seconds} seconds`);
  }
}

function looksLikeContextOverflow(text: string): boolean {
  return /context[_ ]length|context window|too many tokens|prompt is too long|maximum context|too long/i.test(
    text,
  );
}

function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = current.cause;
  }
  return undefined;
}

/**
 * Turns whatever a model request failed with into a message a person understands and a stable
 * code (shared/src/errors.ts). Nothing of the provider's raw answer is shown beyond its status:
 * it may echo the request.
 */
export function toAiError(error: unknown, provider: 'anthropic' | 'openai'): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ModelIdleError) {
    return new AppError(
      'AI_TIMEOUT',
      `The AI model stopped answering: nothing arrived for ${error.seconds} seconds. Try again; if it keeps happening the provider may be overloaded.`,
    );
  }
  const name = PROVIDER_NAMES[provider];
  const last = RetryError.isInstance(error) ? error.lastError : error;
  if (APICallError.isInstance(last)) {
    const status = last.statusCode;
    if (status === 401 || status === 403) {
      return new AppError(
        'AI_PROVIDER_ERROR',
        `${name} refused Kiln's API key (it answered ${status}). An administrator needs to check the key in Kiln's settings.`,
      );
    }
    if (status === 429) {
      return new AppError(
        'AI_PROVIDER_BUSY',
        `${name} is rate limiting Kiln right now (it answered 429). Wait a minute and try again.`,
      );
    }
    if (looksLikeContextOverflow(last.responseBody ?? last.message)) {
      return new AppError(
        'AI_CONTEXT_TOO_LONG',
        'This conversation is too long for the model, even shortened. Clear the chat, or attach less, and ask again.',
      );
    }
    if (status === undefined || status >= 500) {
      return new AppError(
        'AI_PROVIDER_BUSY',
        `${name} is having trouble${status ? ` (it answered ${status})` : ''}. Try again shortly.`,
      );
    }
    return new AppError(
      'AI_PROVIDER_ERROR',
      `${name} could not take the request (it answered ${status}).`,
    );
  }
  const code = causeCode(last);
  if (code && /ECONNREFUSED|ENOTFOUND|ECONNRESET|EAI_AGAIN|UND_ERR|ETIMEDOUT/.test(code)) {
    return new AppError(
      'AI_PROVIDER_BUSY',
      `Kiln could not reach ${name} (${code}). The provider may be down, or the server's address is wrong.`,
    );
  }
  return new AppError(
    'AI_PROVIDER_ERROR',
    `The AI request failed: ${last instanceof Error ? last.message : 'unknown error'}.`,
  );
}
