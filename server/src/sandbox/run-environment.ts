/** Where a run's home and project live inside the sandbox, on every backend. */
export const SANDBOX_HOME = '/home/kiln';
export const SANDBOX_PROJECT = `${SANDBOX_HOME}/project`;

/**
 * A run's whole environment: a few basics, then the project's own variables. Nothing of the
 * server's environment is passed on (decision 0007).
 */
export function runEnvironment(projectEnv: Record<string, string>): Record<string, string> {
  return {
    PATH: '/usr/local/bin:/usr/bin:/bin',
    HOME: SANDBOX_HOME,
    USER: 'kiln',
    LANG: 'C.UTF-8',
    TMPDIR: '/tmp',
    PYTHONUNBUFFERED: '1',
    ...projectEnv,
  };
}
