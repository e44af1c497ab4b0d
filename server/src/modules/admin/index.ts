// The admin module's public entry: the administrators' portal, its audit log included.
import type { Database } from '../../db/client';
import type { AccountChanges } from '../auth';
import { defineModule } from '../../lib/kiln-module';
import { registerAuditRoutes } from './audit-routes';
import { registerAdminRoutes } from './routes';

export const adminModule = defineModule<{ db: Database; accountChanges: AccountChanges }>({
  name: 'admin',
  register(app, { db, accountChanges }) {
    registerAdminRoutes(app, { db, accountChanges });
    registerAuditRoutes(app, { db });
  },
});
