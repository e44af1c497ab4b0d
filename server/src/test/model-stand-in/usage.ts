import type { ChatRequest } from './schemas';

/** OpenAI's `usage` object; the stand-in never caches nor reasons, so those counts are zero. */
export interface OpenAiUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  prompt_tokens_details: { cached_tokens: number; audio_tokens: number };
  completion_tokens_details: {
    reasoning_tokens: number;
    audio_tokens: number;
    accepted_prediction_tokens: number;
    rejected_prediction_tokens: number;
  };
}

/** About four characters a token: deterministic, and close enough for budgets and meters. */
function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/**
 * The usage of one reply: as scripted, or estimated from the request's messages and the text
 * and arguments the reply writes.
 */
export function usageOf(
  request: ChatRequest,
  written: string,
  scripted?: { promptTokens: number; completionTokens: number },
): OpenAiUsage {
  const prompt = scripted?.promptTokens ?? estimateTokens(JSON.stringify(request.messages));
  const completion = scripted?.completionTokens ?? estimateTokens(written);
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: 0,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
  };
}
