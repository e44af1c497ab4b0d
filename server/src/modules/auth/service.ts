import { count, eq, sql } from 'drizzle-orm';
import type { LoginInput, RegisterInput } from '@kiln/shared';
import type { Database } from '../../db/client';
import { users, type UserRow } from '../users/tables';
import { AppError } from '../../lib/app-error';
import type { Mailer } from '../mail';
import { passwordResetEmail, verificationEmail } from '../mail';
import { issueEmailToken, redeemEmailToken, TOKEN_LIFETIME_MS } from './email-tokens';
import {
  assertLoginAllowed,
  clearLoginFailures,
  recordLoginFailure,
  type ThrottlePolicy,
} from './login-throttle';
import { hashPassword, verifyPassword } from './passwords';
import { deleteUserSessions } from './sessions';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export interface MailContext {
  mailer: Mailer;
  publicUrl: string;
}

function isUniqueViolation(error: unknown, index: string): boolean {
  const cause = (error as { cause?: unknown }).cause ?? error;
  const details = cause as { code?: string; constraint?: string; message?: string };
  return (
    details.code === '23505' &&
    (details.constraint === index || (details.message ?? '').includes(index))
  );
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, normalizeEmail(email)))
    .limit(1);
  return row;
}

/** Advisory lock id serialising the "is this the first account?" decision (any constant will do). */
const REGISTRATION_LOCK = sql.raw('7203154001');

/**
 * Creates an account from either register payload (decision 0001). The first
 * account on an empty instance, and any listed in ADMIN_EMAILS, is an administrator.
 */
export async function registerUser(options: {
  db: Database;
  input: RegisterInput;
  adminEmails: readonly string[];
}): Promise<UserRow> {
  const { db, input } = options;
  const email = input.email.trim();
  if (await findUserByEmail(db, email)) {
    throw new AppError('EMAIL_TAKEN', 'An account with this email already exists. Try signing in.');
  }
  const username = 'username' in input ? input.username : null;
  if (username) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
      .limit(1);
    if (taken) throw new AppError('USERNAME_TAKEN', 'That username is already taken.');
  }
  const passwordHash = await hashPassword(input.password);
  const name = 'name' in input && input.name ? input.name : (username ?? null);
  try {
    return await db.transaction(async (tx) => {
      // Sign-ups take turns here, so two at once on an empty instance cannot both count zero
      // users and both become administrators; the lock ends with the transaction.
      await tx.execute(sql`select pg_advisory_xact_lock(${REGISTRATION_LOCK})`);
      const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(users);
      const isAdmin = total === 0 || options.adminEmails.includes(normalizeEmail(email));
      const [row] = await tx
        .insert(users)
        .values({ email, name, username, passwordHash, isAdmin })
        .returning();
      if (!row) throw new Error('user insert returned nothing');
      return row;
    });
  } catch (error) {
    // Two simultaneous sign-ups with one email: the unique index decides, the loser gets 409.
    if (isUniqueViolation(error, 'users_email_lower_idx')) {
      throw new AppError(
        'EMAIL_TAKEN',
        'An account with this email already exists. Try signing in.',
      );
    }
    if (isUniqueViolation(error, 'users_username_lower_idx')) {
      throw new AppError('USERNAME_TAKEN', 'That username is already taken.');
    }
    throw error;
  }
}

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';

/** Wrong password and unknown email answer the same 401 (decision 0002). */
export async function loginUser(options: {
  db: Database;
  input: LoginInput;
  throttle: ThrottlePolicy;
}): Promise<UserRow> {
  const { db, input, throttle } = options;
  const emailKey = normalizeEmail(input.email);
  await assertLoginAllowed(db, emailKey, throttle);
  const user = await findUserByEmail(db, input.email);
  const valid = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !valid) {
    await recordLoginFailure(db, emailKey, throttle);
    throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
  }
  await clearLoginFailures(db, emailKey);
  return user;
}

export function assertNotVerified(user: UserRow): void {
  if (user.emailVerifiedAt) {
    throw new AppError('CONFLICT', 'Your email address is already verified.');
  }
}

/** Issues a verification link and mails it (the auth.verification-mail job calls this). */
export async function sendVerificationEmail(options: {
  db: Database;
  user: UserRow;
  mail: MailContext;
}): Promise<void> {
  const { user, mail } = options;
  assertNotVerified(user);
  const token = await issueEmailToken({ db: options.db, userId: user.id, purpose: 'verify_email' });
  const link = `${mail.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  const hours = TOKEN_LIFETIME_MS.verify_email / 3_600_000;
  await mail.mailer.send(verificationEmail(user.email, link, hours));
}

export async function confirmEmailVerification(options: { db: Database; token: string }) {
  return options.db.transaction(async (tx) => {
    const userId = await redeemEmailToken({
      db: tx,
      token: options.token,
      purpose: 'verify_email',
    });
    const [row] = await tx
      .update(users)
      .set({ emailVerifiedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    if (!row) throw new AppError('INVALID_TOKEN', 'This link is not valid. Request a new one.');
    return row;
  });
}

/** Answers the same whether or not the email has an account, so it cannot be used to probe. */
export async function requestPasswordReset(options: {
  db: Database;
  email: string;
  mail: MailContext;
}): Promise<void> {
  const user = await findUserByEmail(options.db, options.email);
  if (!user) return;
  const token = await issueEmailToken({
    db: options.db,
    userId: user.id,
    purpose: 'reset_password',
  });
  const link = `${options.mail.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const minutes = TOKEN_LIFETIME_MS.reset_password / 60_000;
  await options.mail.mailer.send(passwordResetEmail(user.email, link, minutes));
}

/**
 * Sets the new password and ends every session of the account; the caller then signs the
 * resetting browser in afresh. Following the emailed link also proves the address.
 */
export async function confirmPasswordReset(options: {
  db: Database;
  token: string;
  password: string;
}): Promise<UserRow> {
  const passwordHash = await hashPassword(options.password);
  return options.db.transaction(async (tx) => {
    const userId = await redeemEmailToken({
      db: tx,
      token: options.token,
      purpose: 'reset_password',
    });
    const [row] = await tx
      .update(users)
      .set({
        passwordHash,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId))
      .returning();
    if (!row) throw new AppError('INVALID_TOKEN', 'This link is not valid. Request a new one.');
    await deleteUserSessions({ db: tx, userId });
    await clearLoginFailures(tx, normalizeEmail(row.email));
    return row;
  });
}
