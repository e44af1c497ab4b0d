// The health module's public entry: GET /api/health, for operators and load balancers.
import type { RuntimeStatus } from '@kiln/shared';
import type { DatabaseHandle } from '../../db/client';
import type { Env } from '../../env';
import type { JobQueue } from '../../jobs/job';
import { defineModule } from '../../lib/kiln-module';
import type { Sandbox } from '../../sandbox/types';
import type { AccountChanges } from '../auth';
import type { Mailer } from '../mail';
import type { Workspaces } from '../workspaces';
import { EventLoopDelay } from './event-loop-delay';
import { registerHealthRoutes } from './routes';

export const healthModule = defineModule<{
  env: Pick<Env, 'DATA_DIR' | 'DISK_FREE_WARNING_MB' | 'REDIS_URL'>;
  database: DatabaseHandle;
  mailer: Mailer;
  sandbox: Sandbox;
  jobs: JobQueue;
  runtimes: Promise<readonly RuntimeStatus[]>;
  workspaces: Workspaces;
  accountChanges: AccountChanges;
}>({
  name: 'health',
  register(app, { env, database, mailer, sandbox, jobs, runtimes, workspaces, accountChanges }) {
    const eventLoop = new EventLoopDelay();
    app.addHook('onClose', async () => eventLoop.stop());
    registerHealthRoutes(app, {
      database,
      mailTransport: mailer.transport,
      sandbox,
      jobs,
      runtimes,
      workspaceProblem: () => workspaces.problem(),
      disk: { dir: env.DATA_DIR, warningBelowMb: env.DISK_FREE_WARNING_MB },
      events: {
        backend: env.REDIS_URL ? 'redis' : 'local',
        listening: () => accountChanges.listening() !== null,
      },
      eventLoop,
    });
  },
});
