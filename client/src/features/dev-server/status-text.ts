import type { DevServerStatus } from '@kiln/shared';

/** One line saying where the app stands, for the log's heading and the header. */
export function devServerStatusText(status: DevServerStatus | null): string {
  if (!status) return 'Not running';
  const command = status.command ? ` (${status.command})` : '';
  switch (status.state) {
    case 'installing':
      return `Installing packages${command}...`;
    case 'starting':
      return `Starting${command}...`;
    case 'running':
      return `Running${command}${status.port ? ` on port ${status.port}` : ''}`;
    case 'crashed':
      return status.exitCode === null
        ? `Crashed: ${status.message ?? 'the app stopped'}`
        : `Crashed with exit code ${status.exitCode}${command}`;
    case 'stopped':
      return status.message ?? 'Not running';
  }
}
