// The users module's public entry: people's profiles and the directory members are picked from.
import type { Database } from '../../db/client';
import { defineModule } from '../../lib/kiln-module';
import { registerUserRoutes } from './routes';

export const usersModule = defineModule<{ db: Database }>({
  name: 'users',
  register: (app, { db }) => registerUserRoutes(app, { db }),
});
