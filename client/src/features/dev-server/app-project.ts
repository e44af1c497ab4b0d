import { RUN_SETTINGS_PATH } from '@kiln/shared';

/**
 * Files at a project's top level that give it Run app (the server decides the command:
 * package.json scripts, Django, Flask, Go, or the project's own setting). A Gemfile too: Kiln
 * does not start Ruby apps, and Run app is where it says what they need.
 */
const APP_MARKERS = new Set([
  RUN_SETTINGS_PATH,
  'package.json',
  'manage.py',
  'app.py',
  'go.mod',
  'Gemfile',
]);

export function isAppProject(paths: readonly string[]): boolean {
  return paths.some((path) => APP_MARKERS.has(path));
}
