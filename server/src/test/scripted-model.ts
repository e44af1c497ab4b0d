import type { LanguageModelV3CallOptions, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { MockLanguageModelV3 } from 'ai/test';
import { providersFrom, type AiProviders } from '../modules/ai/providers';

/** One answer of a scripted model: text, tool calls, or a failure. */
export interface ScriptedReply {
  text?: string;
  toolCalls?: { name: string; input: Record<string, unknown> }[];
  /** Thrown by the model instead of answering (an APICallError, say). */
  error?: unknown;
  /** Never answers until the request is aborted. */
  hang?: boolean;
  usage?: { input: number; output: number };
}

export type ScriptedStep = ScriptedReply | ((call: LanguageModelV3CallOptions) => ScriptedReply);

function usageOf(reply: ScriptedReply) {
  const input = reply.usage?.input ?? 100;
  const output = reply.usage?.output ?? 20;
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: output, text: output, reasoning: 0 },
  };
}

function partsOf(reply: ScriptedReply, call: number): LanguageModelV3StreamPart[] {
  const parts: LanguageModelV3StreamPart[] = [{ type: 'stream-start', warnings: [] }];
  if (reply.text) {
    const id = `text-${call}`;
    parts.push({ type: 'text-start', id });
    // Word by word, as a model streams.
    for (const word of reply.text.match(/\S+\s*|\s+/g) ?? []) {
      parts.push({ type: 'text-delta', id, delta: word });
    }
    parts.push({ type: 'text-end', id });
  }
  (reply.toolCalls ?? []).forEach((toolCall, index) => {
    parts.push({
      type: 'tool-call',
      toolCallId: `call-${call}-${index}`,
      toolName: toolCall.name,
      input: JSON.stringify(toolCall.input),
    });
  });
  const toolCalls = (reply.toolCalls ?? []).length > 0;
  parts.push({
    type: 'finish',
    finishReason: { unified: toolCalls ? 'tool-calls' : 'stop', raw: undefined },
    usage: usageOf(reply),
  });
  return parts;
}

/**
 * A language model that answers from a script, one step per model call; past the end of the
 * script it says "Done.". `calls` keeps what each call was asked (prompt, tools).
 */
export function scriptedModel(initial: ScriptedStep[] = []) {
  const calls: LanguageModelV3CallOptions[] = [];
  let steps = initial;
  const model = new MockLanguageModelV3({
    provider: 'anthropic',
    modelId: 'claude-sonnet-4-5',
    doStream: async (options) => {
      calls.push(options);
      const step = steps[calls.length - 1] ?? { text: 'Done.' };
      const reply = typeof step === 'function' ? step(options) : step;
      if (reply.error) throw reply.error;
      const signal = options.abortSignal;
      if (reply.hang) {
        return {
          stream: new ReadableStream<LanguageModelV3StreamPart>({
            start(controller) {
              signal?.addEventListener('abort', () => controller.error(signal.reason), {
                once: true,
              });
            },
          }),
        };
      }
      const parts = partsOf(reply, calls.length);
      return {
        stream: new ReadableStream<LanguageModelV3StreamPart>({
          start(controller) {
            for (const part of parts) controller.enqueue(part);
            controller.close();
          },
        }),
      };
    },
    doGenerate: async (options) => {
      calls.push(options);
      const step = steps[calls.length - 1] ?? { text: 'Done.' };
      const reply = typeof step === 'function' ? step(options) : step;
      if (reply.error) throw reply.error;
      return {
        content: reply.text ? [{ type: 'text', text: reply.text }] : [],
        finishReason: { unified: 'stop', raw: undefined },
        usage: usageOf(reply),
        warnings: [],
      };
    },
  });
  return {
    model,
    calls,
    /** Starts a new script; the calls recorded so far are forgotten. */
    script(next: ScriptedStep[]) {
      steps = next;
      calls.length = 0;
    },
  };
}

/** Kiln's providers with one scripted model, as the first family (Claude). */
export function scriptedProviders(model: MockLanguageModelV3): AiProviders {
  return providersFrom([
    {
      provider: 'anthropic',
      modelId: 'claude-sonnet-4-5',
      label: 'Claude Sonnet 4.5',
      model,
      acceptsImages: true,
    },
  ]);
}

/** The text of every message a model call was given, joined: to look for what it saw. */
export function promptText(call: LanguageModelV3CallOptions): string {
  return call.prompt
    .map((message) =>
      typeof message.content === 'string'
        ? message.content
        : message.content
            .map((part) =>
              part.type === 'text'
                ? part.text
                : part.type === 'tool-result'
                  ? JSON.stringify(part.output)
                  : part.type === 'tool-call'
                    ? JSON.stringify(part.input)
                    : '',
            )
            .join('\n'),
    )
    .join('\n');
}
