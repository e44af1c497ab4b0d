import type { AgentRole } from '@kiln/shared';
import type { Env } from '../../env';
import type { AiProviders, ResolvedModel } from '../ai';

/** Each role's model setting (README, Configuration); unset roles use the default model. */
export type RoleModelSettings = Partial<Record<AgentRole, string>>;

export function roleModelSettings(env: Env): RoleModelSettings {
  const settings: RoleModelSettings = {};
  const named: [AgentRole, string | undefined][] = [
    ['architect', env.AGENT_ARCHITECT_MODEL],
    ['develop', env.AGENT_DEVELOP_MODEL],
    ['review', env.AGENT_REVIEW_MODEL],
    ['test', env.AGENT_TEST_MODEL],
    ['debug', env.AGENT_DEBUG_MODEL],
  ];
  for (const [role, setting] of named) if (setting) settings[role] = setting;
  return settings;
}

/** The model each role asks: its own when set, else the default (AI_NOT_CONFIGURED without one). */
export class RoleModels {
  constructor(
    private readonly providers: AiProviders,
    private readonly settings: RoleModelSettings,
  ) {}

  model(role: AgentRole): ResolvedModel {
    const setting = this.settings[role];
    return setting ? this.providers.named(setting) : this.providers.resolve();
  }

  /** The label people see, or null when the role has no model on this server. */
  label(role: AgentRole): string | null {
    try {
      return this.model(role).label;
    } catch {
      return null;
    }
  }
}
