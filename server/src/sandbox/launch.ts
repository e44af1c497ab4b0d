import type { SandboxGroup, SandboxGroups } from './cgroups';

/**
 * The command that starts a sandbox: niced, so the server keeps answering while sandboxes
 * saturate the CPU, and inside a control group of its own when there are groups (cgroups.ts).
 */
export async function sandboxLaunch(
  groups: SandboxGroups | null | undefined,
  args: string[],
): Promise<{ file: string; argv: string[]; group: SandboxGroup | null }> {
  const group = (await groups?.open()) ?? null;
  const command = [...(group?.join ?? []), '/usr/bin/nice', '-n', '10', ...args];
  return { file: command[0]!, argv: command.slice(1), group };
}
