/**
 * The environment a person's shell would give a process: only what a program needs to find
 * its tools and home. This machine exports extra settings (NODE_EXTRA_CA_CERTS and other CA
 * bundles, proxies, npm's own variables) that change how Node starts and connects; a
 * benchmark that compares timings should not carry them into the processes it measures.
 */
const KEPT = ['PATH', 'HOME', 'USER', 'LANG', 'LC_ALL', 'TZ', 'TMPDIR', 'SHELL'];

export function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of KEPT) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}
