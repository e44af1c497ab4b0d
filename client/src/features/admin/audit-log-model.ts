import { AUDIT_ACTIONS, type AuditAction, type AuditDetails, type AuditEvent } from '@kiln/shared';

/** Each action as the Audit log tab names it (server/src/modules/audit records them). */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'auth.signed_up': 'Signed up',
  'auth.signed_in': 'Signed in',
  'auth.sign_in_failed': 'Failed sign-in',
  'auth.signed_out': 'Signed out',
  'auth.password_reset': 'Password reset',
  'billing.plan_changed': 'Plan changed (Stripe)',
  'admin.user_updated': 'User edited',
  'admin.user_deleted': 'User deleted',
  'member.invited': 'Member invited',
  'member.role_changed': 'Member role changed',
  'member.removed': 'Member removed',
  'env_var.created': 'Env var created',
  'env_var.updated': 'Env var changed',
  'env_var.deleted': 'Env var deleted',
  'deploy.config_saved': 'Deploy settings saved',
  'deploy.config_deleted': 'Deploy settings removed',
  'deploy.started': 'Deploy started',
  'git.connected': 'Git connected',
  'git.disconnected': 'Git disconnected',
  'git.repository_linked': 'Repository linked',
  'git.repository_imported': 'Repository imported',
  'terminal.opened': 'Terminal opened',
};

const isAuditAction = (action: string): action is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(action);

/** An action's name for people; one this client does not know yet is shown as stored. */
export function auditActionLabel(action: string): string {
  return isAuditAction(action) ? AUDIT_ACTION_LABELS[action] : action;
}

/** Actions that deserve a second look: refusals and removals. */
export function isWarningAction(action: string): boolean {
  return action === 'auth.sign_in_failed' || /[._](deleted|removed|disconnected)$/.test(action);
}

/** The filter form's values, '' when unset; `from` and `to` are local calendar days. */
export interface AuditFilterValues {
  action: AuditAction | '';
  actor: string;
  projectId: string;
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilterValues = {
  action: '',
  actor: '',
  projectId: '',
  from: '',
  to: '',
};

/** Midnight starting a local calendar day (`yyyy-mm-dd`), `daysLater` days on, as an instant. */
function localMidnight(day: string, daysLater = 0): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date + daysLater);
}

/**
 * GET /api/admin/audit's query string. The days the administrator picks are days where they
 * are, so they go to the server as instants: `from` the first moment of its day, `to` the last.
 */
export function auditLogQuery(
  filters: AuditFilterValues,
  cursor: string | undefined,
  limit: number,
): string {
  const query = new URLSearchParams();
  if (filters.action) query.set('action', filters.action);
  if (filters.actor.trim()) query.set('actor', filters.actor.trim());
  if (filters.projectId.trim()) query.set('projectId', filters.projectId.trim());
  if (filters.from) query.set('from', localMidnight(filters.from).toISOString());
  if (filters.to) {
    query.set('to', new Date(localMidnight(filters.to, 1).getTime() - 1).toISOString());
  }
  query.set('limit', String(limit));
  if (cursor) query.set('cursor', cursor);
  return query.toString();
}

/** Whether any filter is set. */
export function hasAuditFilters(filters: AuditFilterValues): boolean {
  return Object.values(filters).some((value) => value.trim() !== '');
}

/** Who acted: their email, else their id; nobody is Stripe's webhook or the system. */
export function auditActorLabel(event: AuditEvent): string {
  if (event.actor) return event.actor.email ?? event.actor.id ?? 'Unknown';
  return event.action.startsWith('billing.') ? 'Stripe' : 'System';
}

const TARGET_TYPE_LABELS: Record<string, string> = {
  user: 'User',
  env_var: 'Env var',
  deploy_config: 'Deploy',
  git_connection: 'Git host',
  repository: 'Repository',
};

/** What an entry is about: its kind and its name (an account's email while it exists). */
export function auditTargetLabel(
  target: AuditEvent['target'],
): { kind: string; name: string } | null {
  if (!target) return null;
  return { kind: TARGET_TYPE_LABELS[target.type] ?? target.type, name: target.label ?? target.id };
}

/** Details as `name: value` pairs, in the order they were recorded. */
export function auditDetailPairs(details: AuditDetails): Array<[string, string]> {
  return Object.entries(details).map(([name, value]) => [
    name,
    value === null ? '—' : typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value),
  ]);
}

const auditDay = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const auditClock = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** An entry's local day (28 Nov 2026) and time to the second (22:33:49). */
export function formatAuditTime(createdAt: string): { day: string; time: string } {
  const at = new Date(createdAt);
  return { day: auditDay.format(at), time: auditClock.format(at) };
}
