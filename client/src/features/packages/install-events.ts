import { InstallEventSchema, type InstallEvent } from '@kiln/shared';

/** An event the client does not know (a newer server's) is skipped, never fatal. */
export function parseInstallEvent(value: unknown): InstallEvent | null {
  const parsed = InstallEventSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * Colour and cursor escapes some installers print even without a terminal; the Output view
 * shows plain text. Carriage-return progress lines keep only their final state.
 */
export function plainInstallText(data: string): string {
  return (
    data
      // eslint-disable-next-line no-control-regex
      .replace(/\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007]*(?:\u0007|\u001b\\)/g, '')
      .replace(/\r\n/g, '\n')
      .replace(/[^\n]*\r(?=[^\n])/g, '')
      .replace(/\r/g, '')
  );
}
