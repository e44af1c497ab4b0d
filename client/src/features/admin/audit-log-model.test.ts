import { AUDIT_ACTIONS, type AuditEvent } from '@kiln/shared';
import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTION_LABELS,
  auditActionLabel,
  auditActorLabel,
  auditDetailPairs,
  auditLogQuery,
  auditTargetLabel,
  hasAuditFilters,
  isWarningAction,
  NO_AUDIT_FILTERS,
} from './audit-log-model';

const event = (overrides: Partial<AuditEvent>): AuditEvent => ({
  id: 'e1',
  createdAt: '2026-11-28T10:00:00.000Z',
  action: 'env_var.created',
  actor: null,
  project: null,
  target: null,
  details: {},
  ip: null,
  ...overrides,
});

describe('auditLogQuery', () => {
  it('sends only the filters set, trimmed, with the page size and cursor', () => {
    const query = new URLSearchParams(
      auditLogQuery(
        { ...NO_AUDIT_FILTERS, action: 'member.invited', actor: '  ada@ ', projectId: '' },
        'next-page',
        25,
      ),
    );
    expect(Object.fromEntries(query)).toEqual({
      action: 'member.invited',
      actor: 'ada@',
      limit: '25',
      cursor: 'next-page',
    });
  });

  it('turns the local days picked into the first and last instant of those days', () => {
    const query = new URLSearchParams(
      auditLogQuery({ ...NO_AUDIT_FILTERS, from: '2026-11-28', to: '2026-11-29' }, undefined, 50),
    );
    expect(query.get('from')).toBe(new Date(2026, 10, 28).toISOString());
    expect(query.get('to')).toBe(new Date(new Date(2026, 10, 30).getTime() - 1).toISOString());
    // The last day of a month rolls over to the next month's first.
    const monthEnd = new URLSearchParams(
      auditLogQuery({ ...NO_AUDIT_FILTERS, to: '2026-12-31' }, undefined, 50),
    );
    expect(monthEnd.get('to')).toBe(new Date(new Date(2027, 0, 1).getTime() - 1).toISOString());
  });
});

describe('audit entry labels', () => {
  it('names every action the server records, and shows an unknown one as stored', () => {
    expect(Object.keys(AUDIT_ACTION_LABELS).sort()).toEqual([...AUDIT_ACTIONS].sort());
    expect(auditActionLabel('auth.sign_in_failed')).toBe('Failed sign-in');
    expect(auditActionLabel('something.new')).toBe('something.new');
  });

  it('flags refusals and removals for a second look', () => {
    expect(
      ['auth.sign_in_failed', 'admin.user_deleted', 'member.removed', 'git.disconnected'].map(
        isWarningAction,
      ),
    ).toEqual([true, true, true, true]);
    expect(['auth.signed_in', 'env_var.created'].map(isWarningAction)).toEqual([false, false]);
  });

  it('says who acted: an email, an id, Stripe for billing, else the system', () => {
    expect(auditActorLabel(event({ actor: { id: 'u1', email: 'ada@example.com' } }))).toBe(
      'ada@example.com',
    );
    expect(auditActorLabel(event({ actor: { id: 'u1', email: null } }))).toBe('u1');
    expect(auditActorLabel(event({ action: 'billing.plan_changed' }))).toBe('Stripe');
    expect(auditActorLabel(event({}))).toBe('System');
  });

  it("names the target by its label (an account's email) or else its id", () => {
    expect(auditTargetLabel({ type: 'user', id: 'u1', label: 'ada@example.com' })).toEqual({
      kind: 'User',
      name: 'ada@example.com',
    });
    expect(auditTargetLabel({ type: 'env_var', id: 'API_KEY', label: null })).toEqual({
      kind: 'Env var',
      name: 'API_KEY',
    });
    expect(auditTargetLabel(null)).toBeNull();
  });

  it('writes details as name and value, yes or no for flags', () => {
    expect(auditDetailPairs({ role: 'viewer', left: true, isAdmin: false, account: null })).toEqual(
      [
        ['role', 'viewer'],
        ['left', 'yes'],
        ['isAdmin', 'no'],
        ['account', '—'],
      ],
    );
  });

  it('knows when a filter is set', () => {
    expect(hasAuditFilters(NO_AUDIT_FILTERS)).toBe(false);
    expect(hasAuditFilters({ ...NO_AUDIT_FILTERS, actor: 'ada' })).toBe(true);
  });
});
