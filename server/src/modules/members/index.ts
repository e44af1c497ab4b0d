// The members module's public entry: who may work in a project besides its owner.
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import type { JobQueue } from '../../jobs/job';
import { defineModule } from '../../lib/kiln-module';
import type { Mailer } from '../mail';
import type { AccessChanges } from './access-changes';
import { createMemberJobs } from './jobs';
import { registerMemberRoutes } from './routes';
export { createMemberJobs, type MemberJobs } from './jobs';
export { registerMemberRoutes } from './routes';
export {
  accessEndedMessage,
  canStillEdit,
  createAccessChanges,
  type AccessChange,
  type AccessChanges,
} from './access-changes';

export const membersModule = defineModule<{
  env: Env;
  db: Database;
  jobs: JobQueue;
  mailer: Mailer;
  accessChanges: AccessChanges;
}>({
  name: 'members',
  register(app, { env, db, jobs, mailer, accessChanges }) {
    const memberJobs = createMemberJobs({ db, mail: { mailer, publicUrl: env.PUBLIC_URL } });
    jobs.register(memberJobs.invitationMail);
    registerMemberRoutes(app, { db, jobs, memberJobs, accessChanges });
  },
});
