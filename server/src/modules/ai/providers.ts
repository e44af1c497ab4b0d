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
  /**
   * The model a setting names ("anthropic:claude-haiku-4-5", or a model id of the default
   * family), or AI_NOT_CONFIGURED when its family is not configured.
   */
  named(setting: string): ResolvedModel;
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

/** Makes a model of one family by its id (role settings name models beside the default). */
type ModelMaker = (modelId: string) => ResolvedModel;

/** Builds the providers the settings configure (README, Configuration). */
export function createAiProviders(env: Env): AiProviders {
  const makers = new Map<AiProvider, ModelMaker>();
  const defaults: { provider: AiProvider; modelId: string }[] = [];
  if (env.ANTHROPIC_API_KEY) {
    const anthropic = createAnthropic({
      apiKey: env.ANTHROPIC_API_KEY,
      ...(env.ANTHROPIC_BASE_URL ? { baseURL: env.ANTHROPIC_BASE_URL } : {}),
    });
    makers.set('anthropic', (modelId) => ({
      provider: 'anthropic',
      modelId,
      label: modelLabel(modelId),
      model: anthropic(modelId),
      acceptsImages: true,
    }));
    defaults.push({ provider: 'anthropic', modelId: env.ANTHROPIC_MODEL });
  }
  if (env.OPENAI_BASE_URL) {
    // Ollama, llama.cpp, vLLM and LM Studio all serve Chat Completions, tool calls included.
    const local = createOpenAICompatible({
      name: 'openai-compatible',
      baseURL: env.OPENAI_BASE_URL,
      ...(env.OPENAI_API_KEY ? { apiKey: env.OPENAI_API_KEY } : {}),
      includeUsage: true,
    });
    makers.set('openai', (modelId) => ({
      provider: 'openai',
      modelId,
      label: modelLabel(modelId),
      model: local.chatModel(modelId),
      acceptsImages: false,
    }));
    defaults.push({ provider: 'openai', modelId: env.OPENAI_MODEL });
  } else if (env.OPENAI_API_KEY) {
    const openai = createOpenAI({ apiKey: env.OPENAI_API_KEY });
    makers.set('openai', (modelId) => ({
      provider: 'openai',
      modelId,
      label: modelLabel(modelId),
      model: openai(modelId),
      acceptsImages: true,
    }));
    defaults.push({ provider: 'openai', modelId: env.OPENAI_MODEL });
  }
  const models = defaults.map(({ provider, modelId }) =>
    (makers.get(provider) as ModelMaker)(modelId),
  );
  return providersFrom(models, makers);
}

/** "anthropic:claude-haiku-4-5" names a family and a model; "claude-haiku-4-5" the default family's. */
export function parseModelSetting(setting: string): {
  provider: AiProvider | null;
  modelId: string;
} {
  const match = /^(anthropic|openai):(.+)$/.exec(setting.trim());
  if (match) return { provider: match[1] as AiProvider, modelId: (match[2] ?? '').trim() };
  return { provider: null, modelId: setting.trim() };
}

/** Providers over given models; tests hand it scripted ones. */
export function providersFrom(
  models: ResolvedModel[],
  makers: ReadonlyMap<AiProvider, ModelMaker> = new Map(),
): AiProviders {
  const made = new Map<string, ResolvedModel>();
  const resolve = (provider?: AiProvider): ResolvedModel => {
    const chosen = provider ? models.find((m) => m.provider === provider) : models[0];
    if (chosen) return chosen;
    if (models.length === 0) throw aiNotConfigured();
    // Some clients always ask for 'anthropic'; a server with only the other family
    // answers with it rather than refusing.
    return models[0] as ResolvedModel;
  };
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
    resolve,
    named(setting) {
      const { provider, modelId } = parseModelSetting(setting);
      const family = provider ?? resolve().provider;
      const known = models.find((m) => m.provider === family && m.modelId === modelId);
      if (known) return known;
      const key = `${family}:${modelId}`;
      const cached = made.get(key);
      if (cached) return cached;
      const maker = makers.get(family);
      if (!maker) {
        throw new AppError(
          'AI_NOT_CONFIGURED',
          `The model ${setting} is set for an agent role, but its provider (${family}) is not configured on this Kiln server.`,
        );
      }
      const model = maker(modelId);
      made.set(key, model);
      return model;
    },
  };
}
