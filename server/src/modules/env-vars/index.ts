// The env-vars module's public entry: a project's variables as a run's environment.
import type { Database } from '../../db/client';
import { defineModule } from '../../lib/kiln-module';
import type { SecretBox } from '../../lib/secret-box';
import { registerEnvVarRoutes } from './routes';
export { projectRunEnvironment, type EnvVarDeps } from './service';

export const envVarsModule = defineModule<{ db: Database; keys: { secrets: SecretBox } }>({
  name: 'env-vars',
  register: (app, { db, keys }) => registerEnvVarRoutes(app, { db, secrets: keys.secrets }),
});
