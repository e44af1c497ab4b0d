import { streamText, type ModelMessage } from 'ai';
import { AppError } from '../../lib/app-error';
import { ModelIdleError, toAiError } from '../ai';
import type { ResolvedModel } from '../ai';

export interface ModelCallOptions {
  model: ResolvedModel;
  system: string;
  messages: ModelMessage[];
  signal: AbortSignal;
  /** Nothing from the model for this long fails the call. */
  idleMs: number;
}

export interface ModelAnswer {
  text: string;
  inputTokens: number;
  outputTokens: number;
}

/**
 * One model call without tools, its text collected. Streamed, so a silent model is noticed
 * (the watchdog) and a stop arrives at once; failures become Kiln's AI errors.
 */
export async function callModel(options: ModelCallOptions): Promise<ModelAnswer> {
  const { model, idleMs } = options;
  const controller = new AbortController();
  const stopOnAbort = () => controller.abort(options.signal.reason);
  if (options.signal.aborted) stopOnAbort();
  options.signal.addEventListener('abort', stopOnAbort, { once: true });
  let idleTimer: NodeJS.Timeout | undefined;
  const stillAlive = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(
      () => controller.abort(new ModelIdleError(Math.round(idleMs / 1000))),
      idleMs,
    );
  };
  let text = '';
  let inputTokens = 0;
  let outputTokens = 0;
  stillAlive();
  try {
    const result = streamText({
      model: model.model,
      system: options.system,
      messages: options.messages,
      maxRetries: 1,
      abortSignal: controller.signal,
      onError: () => undefined,
    });
    for await (const part of result.fullStream) {
      stillAlive();
      if (part.type === 'text-delta') text += part.text;
      else if (part.type === 'finish-step') {
        inputTokens += part.usage.inputTokens ?? 0;
        outputTokens += part.usage.outputTokens ?? 0;
      } else if (part.type === 'error') throw part.error;
    }
  } catch (error) {
    const reason: unknown = controller.signal.reason;
    if (options.signal.aborted) throw new AppError('SERVICE_UNAVAILABLE', 'Stopped.');
    throw toAiError(reason instanceof ModelIdleError ? reason : error, model.provider);
  } finally {
    clearTimeout(idleTimer);
    options.signal.removeEventListener('abort', stopOnAbort);
  }
  return { text, inputTokens, outputTokens };
}
