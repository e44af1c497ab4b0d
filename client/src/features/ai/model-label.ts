import type { AiStatus } from '@kiln/shared';

/**
 * The model a message goes to when it names no provider: the server's default family (Claude
 * when both are set up), or the first one listed.
 */
export function defaultModelLabel(status: AiStatus): string | null {
  const chosen =
    status.providers.find((provider) => provider.id === status.defaultProvider) ??
    status.providers[0];
  return chosen?.label ?? null;
}
