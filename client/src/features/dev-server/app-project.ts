import { RUN_SETTINGS_PATH } from '@kiln/shared';

/**
 * Files at a project's top level that make Run start its app (the server decides the command:
 * package.json scripts, Django, Flask, Go, or the project's own setting) rather than run the
 * open file.
 */
const APP_MARKERS = new Set([RUN_SETTINGS_PATH, 'package.json', 'manage.py', 'app.py', 'go.mod']);

export function isAppProject(paths: readonly string[]): boolean {
  return paths.some((path) => APP_MARKERS.has(path));
}
