const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Ids in the database are UUIDs; checking the shape first lets a malformed id in a URL be a
 * plain "not found" instead of a database error.
 */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
