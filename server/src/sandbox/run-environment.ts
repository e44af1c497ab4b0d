import { debianGoBin, withDebianGo } from './versioned-go';

/** Where a run's home and project live inside the sandbox, on every backend. */
export const SANDBOX_HOME = '/home/kiln';
export const SANDBOX_PROJECT = `${SANDBOX_HOME}/project`;

/** The sandbox's search path: the system's folders, which it sees read-only as the host has them. */
const SYSTEM_PATH = '/usr/local/bin:/usr/bin:/bin';

/**
 * A run's whole environment: a few basics, then the project's own variables. Nothing of the
 * server's environment is passed on (decision 0007). PATH puts Debian's newest versioned Go
 * (/usr/lib/go-1.NN/bin, under the /usr the sandbox mounts) ahead of /usr/bin's older default,
 * as the runtimes module finds it: Debian 12's `go` is 1.19, and Kiln's Go template needs 1.22.
 */
export function runEnvironment(projectEnv: Record<string, string>): Record<string, string> {
  return {
    PATH: withDebianGo(SYSTEM_PATH, debianGoBin()),
    HOME: SANDBOX_HOME,
    USER: 'kiln',
    LANG: 'C.UTF-8',
    TMPDIR: '/tmp',
    PYTHONUNBUFFERED: '1',
    ...projectEnv,
  };
}
