import type { EcosystemStatus } from '@kiln/shared';

const LABELS: Record<EcosystemStatus['ecosystem'], string> = { npm: 'npm', python: 'Python' };

export function ecosystemLabel(status: EcosystemStatus): string {
  return LABELS[status.ecosystem];
}

/** Whether what the manifest asks for is installed, in words. */
export function ecosystemStateText(status: EcosystemStatus): string {
  if (!status.installed) return 'Not installed';
  return status.upToDate ? 'Installed and up to date' : 'Changed since the last install';
}
