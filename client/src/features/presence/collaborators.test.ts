import type { Collaborator } from '@kiln/shared';
import { describe, expect, it } from 'vitest';
import { applyPresenceMessage, EMPTY_ROSTER, initialsOf } from './collaborators';

const ada: Collaborator = {
  connectionId: 'c1',
  userId: 'u1',
  userName: 'Ada Lovelace',
  activeFile: null,
  joinedAt: '2026-01-01T00:00:00.000Z',
};
const grace: Collaborator = { ...ada, connectionId: 'c2', userId: 'u2', userName: 'Grace' };

describe('the collaborators list', () => {
  it('follows joins, open files and departures', () => {
    let roster = applyPresenceMessage(EMPTY_ROSTER, { type: 'users', you: 'c1', users: [ada] });
    roster = applyPresenceMessage(roster, { type: 'user_joined', user: grace });
    roster = applyPresenceMessage(roster, { type: 'user_joined', user: grace });
    expect(roster.collaborators.map((c) => c.connectionId)).toEqual(['c1', 'c2']);
    roster = applyPresenceMessage(roster, {
      type: 'file_activity',
      connectionId: 'c2',
      userId: 'u2',
      userName: 'Grace',
      filePath: 'app.js',
    });
    expect(roster.collaborators[1]?.activeFile).toBe('app.js');
    roster = applyPresenceMessage(roster, { type: 'user_left', connectionId: 'c1', userId: 'u1' });
    expect(roster).toEqual({ you: 'c1', collaborators: [{ ...grace, activeFile: 'app.js' }] });
  });

  it('makes initials from a name', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('Grace')).toBe('GR');
    expect(initialsOf('  jean-luc  picard ')).toBe('JP');
  });
});
