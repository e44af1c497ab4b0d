import { EnvError, type Env } from './env';

export const ROLES = ['web', 'worker', 'both'] as const;
export type Role = (typeof ROLES)[number];

/**
 * `--role=web` serves requests and enqueues jobs, `--role=worker` runs jobs and serves nothing,
 * `both` (the default) does both. Apart, they must share the queue: Redis, or a PostgreSQL
 * database; the embedded database belongs to one process.
 */
export function parseRole(
  args: readonly string[],
  env: Pick<Env, 'DATABASE_URL' | 'REDIS_URL'>,
): Role {
  const given = args.find((arg) => arg.startsWith('--role'));
  if (!given) return 'both';
  const value = given.split('=')[1];
  const role = ROLES.find((candidate) => candidate === value);
  if (!role) throw new EnvError([`--role must be one of ${ROLES.join(', ')} (got "${given}")`]);
  if (role !== 'both' && !env.DATABASE_URL && !env.REDIS_URL) {
    throw new EnvError([
      `--role=${role} needs a queue the other role can reach: set REDIS_URL or DATABASE_URL (the embedded database serves one process)`,
    ]);
  }
  return role;
}
