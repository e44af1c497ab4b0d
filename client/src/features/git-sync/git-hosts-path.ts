/** The Git hosts settings page. */
export const GIT_HOSTS_PATH = '/settings/git-hosts';

// Only an editor page is a place to go back to: never another site, never `//host`.
const RETURN_TO = /^\/editor\/[A-Za-z0-9-]+$/;

/** The settings page, remembering the editor page to go back to. */
export function gitHostsPath(returnTo?: string): string {
  return returnTo && RETURN_TO.test(returnTo)
    ? `${GIT_HOSTS_PATH}?returnTo=${encodeURIComponent(returnTo)}`
    : GIT_HOSTS_PATH;
}

/** The editor page the settings page was opened from, if it names a valid one. */
export function returnToOf(search: URLSearchParams): string | null {
  const value = search.get('returnTo');
  return value && RETURN_TO.test(value) ? value : null;
}
