import { REGISTRY_PROXY_ORIGIN } from './registry-bridge';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** `"resolved": "<the proxy>/npm/` for a registry path (signed links of other hosts stay). */
const PROXIED_RESOLVED = new RegExp(
  `("resolved"\\s*:\\s*")${escapeRegExp(`${REGISTRY_PROXY_ORIGIN}/npm/`)}(?!~file/)`,
  'g',
);

/**
 * npm writes the address it downloaded each package from into package-lock.json: inside Kiln,
 * the proxy's. Those are put back to the registry's own, so the lockfile works wherever the
 * project goes (a clone, CI); inside Kiln npm maps them to the proxy again
 * (`npm_config_replace_registry_host`). Edited as text, keeping npm's formatting. Answers null
 * when nothing changed.
 */
export function portableLockfile(text: string, registry: string): string | null {
  const replacement = JSON.stringify(registry).slice(1, -1).replace(/\$/g, '$$$$');
  const rewritten = text.replace(PROXIED_RESOLVED, `$1${replacement}`);
  return rewritten === text ? null : rewritten;
}
