import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailTokens, type EmailTokenPurpose } from './tables';
import { AppError } from '../../lib/app-error';
import { createToken, hashToken } from '../../lib/tokens';

export const TOKEN_LIFETIME_MS: Record<EmailTokenPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
};

/**
 * Issues a fresh single-use token. Earlier unused ones of the same purpose are deleted, so an
 * old link answers "not valid" (never "already used", which its owner would find baffling).
 */
export async function issueEmailToken(options: {
  db: DbOrTx;
  userId: string;
  purpose: EmailTokenPurpose;
}): Promise<string> {
  const token = createToken();
  const now = new Date();
  await options.db
    .delete(emailTokens)
    .where(
      and(
        eq(emailTokens.userId, options.userId),
        eq(emailTokens.purpose, options.purpose),
        isNull(emailTokens.usedAt),
      ),
    );
  await options.db.insert(emailTokens).values({
    userId: options.userId,
    purpose: options.purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[options.purpose]),
  });
  return token;
}

/**
 * Marks a token used and answers its user. The update is conditional on `used_at is null`, so
 * two concurrent redemptions cannot both succeed.
 */
export async function redeemEmailToken(options: {
  db: DbOrTx;
  token: string;
  purpose: EmailTokenPurpose;
}): Promise<string> {
  const tokenHash = hashToken(options.token);
  const [row] = await options.db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, options.purpose)));
  if (!row) {
    throw new AppError(
      'INVALID_TOKEN',
      'This link is not valid, or a newer one has replaced it. Request a new one.',
    );
  }
  if (row.usedAt) {
    throw new AppError('TOKEN_USED', 'This link has already been used. Request a new one.');
  }
  if (row.expiresAt.getTime() <= Date.now()) {
    throw new AppError('TOKEN_EXPIRED', 'This link has expired. Request a new one.');
  }
  const claimed = await options.db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.id, row.id), isNull(emailTokens.usedAt)))
    .returning({ id: emailTokens.id });
  if (claimed.length === 0) {
    throw new AppError('TOKEN_USED', 'This link has already been used. Request a new one.');
  }
  return row.userId;
}
