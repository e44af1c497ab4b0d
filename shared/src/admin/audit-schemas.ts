import { z } from 'zod';

/**
 * Everything the audit log records (docs/security.md, "The audit log"). Names are `<area>.<what happened>`;
 * the list only grows, since rows keep the action they were written with.
 */
export const AUDIT_ACTIONS = [
  'auth.signed_up',
  'auth.signed_in',
  'auth.sign_in_failed',
  'auth.signed_out',
  'auth.password_reset',
  'billing.plan_changed',
  'admin.user_updated',
  'admin.user_deleted',
  'member.invited',
  'member.role_changed',
  'member.removed',
  'env_var.created',
  'env_var.updated',
  'env_var.deleted',
  'deploy.config_saved',
  'deploy.config_deleted',
  'deploy.started',
  'git.connected',
  'git.disconnected',
  'git.repository_linked',
  'git.repository_imported',
  'terminal.opened',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an entry is about, besides its project. */
export const AUDIT_TARGET_TYPES = [
  'user',
  'env_var',
  'deploy_config',
  'git_connection',
  'repository',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** Flat facts about an entry: names, roles, plans, hosts. Never a secret's value. */
export const AuditDetailsSchema = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean(), z.null()]),
);
export type AuditDetails = z.infer<typeof AuditDetailsSchema>;

/** Most entries one page of GET /api/admin/audit holds, and how many it holds when not told. */
export const AUDIT_PAGE_LIMIT_MAX = 100;
export const AUDIT_PAGE_LIMIT_DEFAULT = 50;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A calendar day that exists (2026-02-30 does not), or a date and time with its offset. */
function isDateBound(value: string): boolean {
  if (DATE_ONLY.test(value)) {
    const day = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
  }
  return DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));
}

const DAY_MS = 86_400_000;

/**
 * The instants a filter's bounds stand for: entries from `start` (inclusive) up to `end`
 * (exclusive). A date is the whole UTC day; a date and time is that millisecond.
 */
export function auditBoundRange(value: string): { start: Date; end: Date } {
  if (DATE_ONLY.test(value)) {
    const start = new Date(`${value}T00:00:00Z`);
    return { start, end: new Date(start.getTime() + DAY_MS) };
  }
  const start = new Date(value);
  return { start, end: new Date(start.getTime() + 1) };
}

const dateBound = (name: 'from' | 'to') =>
  z
    .string()
    .refine(isDateBound, {
      message: `${name} must be a date (2026-11-28) or a date and time with its offset (2026-11-28T09:30:00Z)`,
    })
    .optional();

/**
 * GET /api/admin/audit's filters and paging. A `from` or `to` written as a date is that whole
 * day in UTC; a date and time is that instant. Paging is by cursor: each page answers the
 * `nextCursor` that asks for the entries after it, so entries written meanwhile never shift a
 * page. Unknown parameters are refused rather than ignored, so a misspelt filter is not
 * mistaken for an empty result.
 */
export const AuditLogQuerySchema = z
  .strictObject({
    action: z
      .enum(AUDIT_ACTIONS, { error: `action must be one of ${AUDIT_ACTIONS.join(', ')}` })
      .optional(),
    /** An account's id, or a part of the email of whoever acted. */
    actor: z
      .string()
      .trim()
      .min(1, 'actor must not be empty')
      .max(254, 'actor is at most 254 characters')
      .optional(),
    projectId: z.uuid({ error: 'projectId must be a project id' }).optional(),
    from: dateBound('from'),
    to: dateBound('to'),
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(AUDIT_PAGE_LIMIT_MAX, `limit must be at most ${AUDIT_PAGE_LIMIT_MAX}`)
      .default(AUDIT_PAGE_LIMIT_DEFAULT),
    cursor: z.string().min(1, 'cursor must not be empty').max(200).optional(),
  })
  .refine(
    (query) =>
      query.from === undefined ||
      query.to === undefined ||
      auditBoundRange(query.from).start < auditBoundRange(query.to).end,
    { message: 'from must not be later than to', path: ['from'] },
  );
export type AuditLogQuery = z.input<typeof AuditLogQuerySchema>;

/** One entry of the audit log, as administrators see it. */
export const AuditEventSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** A string rather than the enum: rows keep the action they were written with. */
  action: z.string(),
  /** Null for Stripe's events; `id` null for a sign-in attempt at an unknown or wrong account. */
  actor: z.object({ id: z.string().nullable(), email: z.string().nullable() }).nullable(),
  /** `name` is null once the project is deleted. */
  project: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  /** `label` is the account's email for a user target, while the account exists. */
  target: z.object({ type: z.string(), id: z.string(), label: z.string().nullable() }).nullable(),
  details: AuditDetailsSchema,
  ip: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

/** GET /api/admin/audit: newest first; `nextCursor` is null on the last page. */
export const AuditLogSchema = z.object({
  events: z.array(AuditEventSchema),
  nextCursor: z.string().nullable(),
});
export type AuditLog = z.infer<typeof AuditLogSchema>;
