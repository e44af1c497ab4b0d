// The admin module's public entry: the administrators' portal, its audit log included.
import type { Database } from '../../db/client';
import { defineModule } from '../../lib/kiln-module';
import { registerAuditRoutes } from './audit-routes';
import { registerAdminRoutes } from './routes';

export const adminModule = defineModule<{ db: Database }>({
  name: 'admin',
  register(app, { db }) {
    registerAdminRoutes(app, { db });
    registerAuditRoutes(app, { db });
  },
});
