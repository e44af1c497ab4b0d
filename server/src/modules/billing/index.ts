// The billing module's public entry: plans bought through Stripe (decision 0010).
import type { Database } from '../../db/client';
import type { AccountChanges } from '../auth';
import type { Env } from '../../env';
import { defineModule } from '../../lib/kiln-module';
import { registerBillingRoutes } from './routes';

export { STRIPE_WEBHOOK_PATH, stripeSettingsFrom } from './routes';

export const billingModule = defineModule<{
  env: Env;
  db: Database;
  accountChanges: AccountChanges;
}>({
  name: 'billing',
  register: (app, { env, db, accountChanges }) =>
    registerBillingRoutes(app, { db, env, accountChanges }),
});
