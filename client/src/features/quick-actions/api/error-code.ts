/**
 * The `code` of a request helper's error (`{status}: {"error", "code"}`), so a screen can
 * branch on it rather than on the words; null when the body is not one of Kiln's.
 */
export function errorCode(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const body = /^\d{3}: ([\s\S]*)$/.exec(error.message)?.[1];
  if (!body) return null;
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== 'object' || parsed === null || !('code' in parsed)) return null;
    return typeof parsed.code === 'string' ? parsed.code : null;
  } catch {
    return null;
  }
}
