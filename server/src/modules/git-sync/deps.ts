import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { SecretBox } from '../../lib/secret-box';
import type { StorageCaps } from '../projects';
import type { HostApiSettings } from './host-api';
import type { ProjectLocks } from './project-lock';

/** What every Git sync use case needs. */
export interface GitSyncDeps {
  db: Database;
  /** This server's caps on a project's storage, for every write (modules/projects). */
  storageCaps: StorageCaps;
  /** Seals Git host tokens at rest. */
  secrets: SecretBox;
  /** Where each project's repository lives: `DATA_DIR/git`. */
  gitRoot: string;
  hostSettings: HostApiSettings;
  /** Hosts on private addresses people may still use (GIT_PRIVATE_HOSTS; host-guard.ts). */
  privateHosts: readonly string[];
  locks: ProjectLocks;
  log: FastifyBaseLogger;
}
