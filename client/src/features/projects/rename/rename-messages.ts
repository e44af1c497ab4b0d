import { PROJECT_NAME_MAX } from '@kiln/shared';

/** The shared schema's rules for a name, said before a request is sent. */
export function nameProblem(trimmed: string): string | null {
  if (!trimmed) return 'Name is required';
  if (trimmed.length > PROJECT_NAME_MAX) {
    return `Name must be at most ${PROJECT_NAME_MAX} characters`;
  }
  return null;
}

/** The toast after a rename; it says when the server numbered a name already in use. */
export function renamedMessage(
  wanted: string,
  given: string,
): { title: string; description?: string } {
  if (wanted === given) return { title: `Renamed to ${given}` };
  return {
    title: `Renamed to ${given}`,
    description: `You already have a project named ${wanted}, so this one is ${given}.`,
  };
}
