import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  InviteMemberInputSchema,
  MessageResponseSchema,
  ProjectMembersSchema,
  SharedProjectListSchema,
  UpdateMemberInputSchema,
} from '@kiln/shared';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/job';
import { recordAudit } from '../audit';
import { requireUser, signedIn } from '../auth';
import type { AccessChanges } from './access-changes';
import type { MemberJobs } from './jobs';
import {
  addMember,
  listMembers,
  listSharedProjects,
  removeMember,
  updateMemberRole,
} from './service';

// Any string: a malformed id is a project or member that does not exist (404, never 400).
const ProjectParams = z.object({ id: z.string() });
const MemberParams = z.object({ id: z.string(), userId: z.string() });

export interface MemberRoutesOptions {
  db: Database;
  jobs: JobQueue;
  memberJobs: MemberJobs;
  /** Where removals and role changes are announced, for terminals, apps and agents to end. */
  accessChanges: AccessChanges;
}

/** Who is in a project and with which role; the shared projects of the dashboard. */
export function registerMemberRoutes(fastify: FastifyInstance, deps: MemberRoutesOptions): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  app.get(
    '/api/projects/shared',
    { onRequest: signedIn, schema: { response: { 200: SharedProjectListSchema } } },
    async (request) => listSharedProjects({ db, userId: requireUser(request).id }),
  );

  app.get(
    '/api/projects/:id/members',
    {
      onRequest: signedIn,
      schema: { params: ProjectParams, response: { 200: ProjectMembersSchema } },
    },
    async (request) =>
      listMembers({ db, userId: requireUser(request).id, projectId: request.params.id }),
  );

  app.post(
    '/api/projects/:id/members',
    {
      onRequest: signedIn,
      schema: {
        params: ProjectParams,
        body: InviteMemberInputSchema,
        response: { 201: ProjectMembersSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const projectId = request.params.id;
      const added = await addMember({ db, userId: user.id, projectId, input: request.body });
      await recordAudit(db, request, {
        action: 'member.invited',
        projectId,
        target: { type: 'user', id: added.userId },
        details: { email: request.body.email, role: added.role },
      });
      await deps.jobs.enqueue(deps.memberJobs.invitationMail, {
        projectId,
        userId: added.userId,
        invitedBy: user.id,
      });
      return reply.status(201).send(await listMembers({ db, userId: user.id, projectId }));
    },
  );

  app.patch(
    '/api/projects/:id/members/:userId',
    {
      onRequest: signedIn,
      schema: {
        params: MemberParams,
        body: UpdateMemberInputSchema,
        response: { 200: ProjectMembersSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { id: projectId, userId: memberId } = request.params;
      const { changed } = await updateMemberRole({
        db,
        userId: user.id,
        projectId,
        memberId,
        role: request.body.role,
        accessChanges: deps.accessChanges,
      });
      // The role asked for is the one they have: nothing happened, so nothing is recorded.
      if (changed) {
        await recordAudit(db, request, {
          action: 'member.role_changed',
          projectId,
          target: { type: 'user', id: memberId },
          details: { role: request.body.role },
        });
      }
      return listMembers({ db, userId: user.id, projectId });
    },
  );

  app.delete(
    '/api/projects/:id/members/:userId',
    {
      onRequest: signedIn,
      schema: { params: MemberParams, response: { 200: MessageResponseSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      const { id: projectId, userId: memberId } = request.params;
      await removeMember({
        db,
        userId: user.id,
        projectId,
        memberId,
        accessChanges: deps.accessChanges,
      });
      await recordAudit(db, request, {
        action: 'member.removed',
        projectId,
        target: { type: 'user', id: memberId },
        details: { left: memberId === user.id },
      });
      return { message: memberId === user.id ? 'You left the project' : 'Member removed' };
    },
  );
}
