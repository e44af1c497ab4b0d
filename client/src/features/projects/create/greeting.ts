/** Whom the greeting names: the name, else the part of the email before the @, else 'there'. */
export function greetingName(
  user: { name?: string | null; email?: string | null } | null | undefined,
): string {
  const name = user?.name?.trim();
  if (name) return name;
  const local = user?.email?.split('@')[0]?.trim();
  return local || 'there';
}
