// The presence module's public entry: the collaboration socket, GET /ws.
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { defineModule } from '../../lib/kiln-module';
import type { AccessChanges } from '../members';
import { registerPresenceRoutes } from './routes';
export { registerPresenceRoutes, type PresenceRouteDeps } from './routes';
export { canJoinProject } from './access';

export const presenceModule = defineModule<{
  env: Env;
  db: Database;
  redisPrefix: string | undefined;
  accessChanges: AccessChanges;
}>({
  name: 'presence',
  async register(app, { env, db, redisPrefix, accessChanges }) {
    await registerPresenceRoutes(app, {
      db,
      publicUrl: env.PUBLIC_URL,
      redisUrl: env.REDIS_URL,
      redisPrefix,
      accessChanges,
    });
  },
});
