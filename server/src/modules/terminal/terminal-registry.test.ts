import { describe, expect, it } from 'vitest';
import { TerminalRegistry, type OpenTerminal } from './terminal-registry';

function terminal(userId: string, projectId: string, closed: string[] = []): OpenTerminal {
  return {
    userId,
    projectId,
    shellId: `${userId}-${projectId}-${Math.random()}`,
    resume: () => true,
    closeForShutdown: async () => {
      closed.push(`${userId}/${projectId}`);
    },
    closeForAccess: (message) => {
      closed.push(`${userId}/${projectId}: ${message}`);
    },
  };
}

describe('the open terminals of a server', () => {
  it('holds at most so many per project and per person, counting again after one leaves', () => {
    const registry = new TerminalRegistry({ perProject: 2, perUser: 3 });
    const first = terminal('ada', 'p1');
    expect(registry.admit(first)).toBeNull();
    expect(registry.admit(terminal('ada', 'p1'))).toBeNull();
    expect(registry.admit(terminal('bob', 'p1'))).toBe(
      'This project already has 2 terminals open, the most it may have. Close one to open another.',
    );
    expect(registry.admit(terminal('ada', 'p2'))).toBeNull();
    expect(registry.admit(terminal('ada', 'p3'))).toBe(
      'You already have 3 terminals open, the most one person may have. Close one to open another.',
    );
    registry.leave(first);
    expect(registry.admit(terminal('ada', 'p3'))).toBeNull();
  });

  it('finds a shell by its id only for the person it is, in its project', () => {
    const registry = new TerminalRegistry({ perProject: 4, perUser: 8 });
    const adas = terminal('ada', 'p1');
    registry.admit(adas);
    registry.admit(terminal('bob', 'p1'));
    expect(registry.find(adas.shellId, { userId: 'ada', projectId: 'p1' })).toBe(adas);
    expect(registry.find(adas.shellId, { userId: 'bob', projectId: 'p1' })).toBeNull();
    expect(registry.find(adas.shellId, { userId: 'ada', projectId: 'p2' })).toBeNull();
    registry.leave(adas);
    expect(registry.find(adas.shellId, { userId: 'ada', projectId: 'p1' })).toBeNull();
  });

  it('closes every open terminal at shutdown, and none it refused', async () => {
    const closed: string[] = [];
    const registry = new TerminalRegistry({ perProject: 1, perUser: 8 });
    registry.admit(terminal('ada', 'p1', closed));
    registry.admit(terminal('bob', 'p1', closed));
    registry.admit(terminal('bob', 'p2', closed));
    await registry.closeAll();
    expect(closed.sort()).toEqual(['ada/p1', 'bob/p2']);
  });
});
