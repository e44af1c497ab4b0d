import { UpdateProjectInputSchema } from '@kiln/shared';

/** What pressing Enter in the project's name does. */
export type RenameDecision =
  { kind: 'unchanged' } | { kind: 'invalid'; message: string } | { kind: 'rename'; name: string };

/**
 * Reads a typed name the way the server will (the same schema, so trimmed and with its
 * messages), before any request: a blank or too long name is refused here, and the same name
 * sends nothing. Whether the name is free is the server's to say.
 */
export function renameDecision(draft: string, current: string): RenameDecision {
  const parsed = UpdateProjectInputSchema.safeParse({ name: draft });
  if (!parsed.success) {
    return { kind: 'invalid', message: parsed.error.issues[0]?.message ?? 'Enter a name' };
  }
  const name = parsed.data.name ?? '';
  return name === current ? { kind: 'unchanged' } : { kind: 'rename', name };
}
