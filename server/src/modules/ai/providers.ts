import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { AiProvider, AiStatus } from '@kiln/shared';
import type { LanguageModel } from 'ai';
import type { Env } from '../../env';
import { AppError } from '../../lib/app-error';

/** A model Kiln can ask, with the names people see. */
export interface ResolvedModel {
  provider: AiProvider;
  /** The provider's model id, recorded with usage. */
  modelId: string;
  /** What the chat shows ("Claude Sonnet 4.5"). */
  label: string;
  model: LanguageModel;
  /** Whether the model reads images (Claude and OpenAI's own models do; a local one may not). */
  acceptsImages: boolean;
}

/** The configured providers; the first is used when a request names none. */
export interface AiProviders {
  status(): AiStatus;
  /** The model for `provider` (or the default), or AI_NOT_CONFIGURED. */
  resolve(provider?: AiProvider): ResolvedModel;
}

export const NOT_CONFIGURED_MESSAGE =
  'No AI provider is configured on this Kiln server. An administrator can set ANTHROPIC_API_KEY (Claude), OPENAI_API_KEY (OpenAI) or OPENAI_BASE_URL (a local model server such as Ollama) and restart Kiln. Everything else works without one.';

export const aiNotConfigured = () => new AppError('AI_NOT_CONFIGURED', NOT_CONFIGURED_MESSAGE);

/** "claude-sonnet-4-5-20250929" reads "Claude Sonnet 4.5"; other ids are shown as they are. */
export function modelLabel(modelId: string): string {
  const claude = /^claude-([a-z]+)-(\d+)(?:-(\d))?(?:-\d{8})?$/.exec(modelId);
  if (claude) {
    const [, family = '', major = '', minor] = claude;
    const name = family.charAt(0).toUpperCase() + family.slice(1);
    return `Claude ${name} ${minor ? `${major}.${minor}` : major}`;
  }
  return modelId.startsWith('gpt-') ? `GPT-${modelId.slice(4)}` : modelId;
}

/** Builds the providers the settings configure (README, Configuration). */
export function createAiProviders(env: Env): AiProviders {
  const models: ResolvedModel[] = [];
  if (env.ANTHROPIC_API_KEY) {
    const anthropic = createAnthropic({
      apiKey: env.ANTHROPIC_API_KEY,
      ...(env.ANTHROPIC_BASE_URL ? { baseURL: env.ANTHROPIC_BASE_URL } : {}),
    });
    models.push({
      provider: 'anthropic',
      modelId: env.ANTHROPIC_MODEL,
      label: modelLabel(env.ANTHROPIC_MODEL),
      model: anthropic(env.ANTHROPIC_MODEL),
      acceptsImages: true,
    });
  }
  if (env.OPENAI_BASE_URL) {
    // Ollama, llama.cpp, vLLM and LM Studio all serve Chat Completions, tool calls included.
    const local = createOpenAICompatible({
      name: 'openai-compatible',
      baseURL: env.OPENAI_BASE_URL,
      ...(env.OPENAI_API_KEY ? { apiKey: env.OPENAI_API_KEY } : {}),
      includeUsage: true,
    });
    models.push({
      provider: 'openai',
      modelId: env.OPENAI_MODEL,
      label: modelLabel(env.OPENAI_MODEL),
      model: local.chatModel(env.OPENAI_MODEL),
      acceptsImages: false,
    });
  } else if (env.OPENAI_API_KEY) {
    const openai = createOpenAI({ apiKey: env.OPENAI_API_KEY });
    models.push({
      provider: 'openai',
      modelId: env.OPENAI_MODEL,
      label: modelLabel(env.OPENAI_MODEL),
      model: openai(env.OPENAI_MODEL),
      acceptsImages: true,
    });
  }
  return providersFrom(models);
}

/** Providers over given models; tests hand it scripted ones. */
export function providersFrom(models: ResolvedModel[]): AiProviders {
  return {
    status: () => ({
      configured: models.length > 0,
      defaultProvider: models[0]?.provider ?? null,
      providers: models.map(({ provider, modelId, label }) => ({
        id: provider,
        model: modelId,
        label,
      })),
      message: models.length > 0 ? null : NOT_CONFIGURED_MESSAGE,
    }),
    resolve(provider) {
      const chosen = provider ? models.find((m) => m.provider === provider) : models[0];
      if (chosen) return chosen;
      if (models.length === 0) throw aiNotConfigured();
      // Some clients always ask for 'anthropic'; a server with only the other family
      // answers with it rather than refusing.
      return models[0] as ResolvedModel;
    },
  };
}
