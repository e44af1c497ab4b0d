/**
 * Response headers a previewed page never gets to send, whoever wrote them (the dev-server app,
 * or a route of the preview server): they would reach past the page's own link.
 * - `set-cookie`: the preview origin keeps no cookies (decision 0005).
 * - `access-control-*`: no other origin may read a preview.
 * - `service-worker-allowed`: widens a service worker's scope beyond its script's folder, so
 *   one link's worker could answer for every path of the origin.
 * - `clear-site-data`: would wipe the origin's storage, caches and workers.
 */
export function isWithheldHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return (
    lower === 'set-cookie' ||
    lower === 'service-worker-allowed' ||
    lower === 'clear-site-data' ||
    lower.startsWith('access-control-')
  );
}
