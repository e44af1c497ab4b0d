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
      if (status.exitCode !== null) {
        return `Crashed with exit code ${status.exitCode}${command}`;
      }
      // Without a command it never started (nothing to start, or a setting to fix): not a crash.
      return status.command
        ? `Crashed: ${status.message ?? 'the app stopped'}`
        : `Could not start: ${status.message ?? 'Kiln found nothing to start'}`;
    case 'stopped':
      return status.message ?? 'Not running';
  }
}
