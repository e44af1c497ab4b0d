/**
 * The account created in this page's life, if any, so the dashboard greets someone who has just
 * signed up with a welcome rather than "welcome back". Kept in memory only: a reload or another
 * sign-in makes it a return visit.
 */
let newAccountId: string | null = null;

export function rememberNewAccount(userId: string | null) {
  newAccountId = userId;
}

export function isNewAccount(userId: string): boolean {
  return newAccountId === userId;
}
