import { z } from 'zod';
import { ProjectSchema } from '../projects/schemas';

/**
 * What a person may do in a project. The owner does everything; an editor changes files, runs
 * code and asks the AI; a viewer reads and previews. Only the owner deletes the project, invites,
 * links Git, deploys and sees secrets.
 */
export const PROJECT_ROLES = ['owner', 'editor', 'viewer'] as const;
export const ProjectRoleSchema = z.enum(PROJECT_ROLES);
export type ProjectRole = z.infer<typeof ProjectRoleSchema>;

/** People a project can have besides its owner. */
export const MAX_PROJECT_MEMBERS = 50;

/** The roles an owner can give someone else. */
export const MEMBER_ROLES = ['editor', 'viewer'] as const;
export const MemberRoleSchema = z.enum(MEMBER_ROLES);
export type MemberRole = z.infer<typeof MemberRoleSchema>;

export const InviteMemberInputSchema = z.object({
  email: z.string().trim().toLowerCase().email('Enter a valid email address').max(254),
  role: MemberRoleSchema.default('editor'),
});
export type InviteMemberInput = z.input<typeof InviteMemberInputSchema>;

export const UpdateMemberInputSchema = z.object({ role: MemberRoleSchema });
export type UpdateMemberInput = z.infer<typeof UpdateMemberInputSchema>;

/** Someone in a project: the owner (no `addedAt`) or a member. */
export const ProjectMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: ProjectRoleSchema,
  addedAt: z.string().nullable(),
});
export type ProjectMember = z.infer<typeof ProjectMemberSchema>;

/** GET /api/projects/{id}/members: everyone in the project, the owner first, and your own role. */
export const ProjectMembersSchema = z.object({
  yourRole: ProjectRoleSchema,
  members: z.array(ProjectMemberSchema),
});
export type ProjectMembers = z.infer<typeof ProjectMembersSchema>;

/** GET /api/projects/shared: projects someone else owns that you are a member of. */
export const SharedProjectSchema = ProjectSchema.extend({
  role: MemberRoleSchema,
  ownerName: z.string(),
});
export type SharedProject = z.infer<typeof SharedProjectSchema>;
export const SharedProjectListSchema = z.array(SharedProjectSchema);
