import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { MemberRole } from '@kiln/shared';
import { createdAt } from '../../db/columns';
import { projects } from '../projects/tables';
import { users } from '../users/tables';

/**
 * Someone other than the owner who works in a project, as an editor or a viewer. The owner is
 * never a row here: ownership stays on the project.
 */
export const projectMembers = pgTable(
  'project_members',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<MemberRole>().notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.projectId, table.userId] }),
    index('project_members_user_idx').on(table.userId),
  ],
);

export type ProjectMemberRow = typeof projectMembers.$inferSelect;
