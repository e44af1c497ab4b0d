import type { DirectoryUser, User } from '@kiln/shared';
import type { UserRow } from '../users/tables';

export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    createdAt: row.createdAt.toISOString(),
    subscriptionPlan: row.subscriptionPlan,
    subscriptionStatus: row.subscriptionStatus,
    isAdmin: row.isAdmin,
    emailVerified: row.emailVerifiedAt !== null,
  };
}

export function presentDirectoryUser(row: UserRow): DirectoryUser {
  return { id: row.id, name: row.name, email: row.email, createdAt: row.createdAt.toISOString() };
}
