import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { projectMembers } from './tables';
import { projects } from '../projects/tables';
import { users } from '../users/tables';
import { defineJob, type RetryPolicy } from '../../jobs/job';
import { projectInvitationEmail, type Mailer } from '../mail';

/** A mail server that is down for half an hour still gets the mail: 2 s, 4 s, … up to 10 min. */
const MAIL_RETRY: RetryPolicy = { attempts: 10, backoffMs: 2_000, maxBackoffMs: 600_000 };

export interface MemberJobDeps {
  db: Database;
  mail: { mailer: Mailer; publicUrl: string };
}

/** Members' background work: telling someone they were added, outside the request. */
export function createMemberJobs(deps: MemberJobDeps) {
  const invitationMail = defineJob({
    name: 'members.invitation-mail',
    payload: z.object({
      projectId: z.string().uuid(),
      userId: z.string().uuid(),
      invitedBy: z.string().uuid(),
    }),
    retry: MAIL_RETRY,
    async handle({ projectId, userId, invitedBy }) {
      const [row] = await deps.db
        .select({ role: projectMembers.role, email: users.email, projectName: projects.name })
        .from(projectMembers)
        .innerJoin(users, eq(users.id, projectMembers.userId))
        .innerJoin(projects, eq(projects.id, projectMembers.projectId))
        .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
        .limit(1);
      // Removed again (or the project is gone) before the mail left: nothing to tell.
      if (!row) return;
      const [inviter] = await deps.db
        .select({ name: users.name, email: users.email })
        .from(users)
        .where(eq(users.id, invitedBy))
        .limit(1);
      await deps.mail.mailer.send(
        projectInvitationEmail({
          to: row.email,
          inviterName: inviter?.name?.trim() || inviter?.email || 'Someone',
          projectName: row.projectName,
          role: row.role,
          link: `${deps.mail.publicUrl}/editor/${projectId}`,
        }),
      );
    },
  });
  return { invitationMail };
}

export type MemberJobs = ReturnType<typeof createMemberJobs>;
