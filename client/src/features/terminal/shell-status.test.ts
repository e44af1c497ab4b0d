import { describe, expect, it } from 'vitest';
import {
  isLive,
  nextShellStatus,
  restartLabel,
  shellStatusText,
  type ShellStatus,
} from './shell-status';

const connecting: ShellStatus = { state: 'connecting' };

describe('nextShellStatus', () => {
  it('goes from connecting to ready, then to how the shell ended', () => {
    const ready = nextShellStatus(connecting, { type: 'ready', shell: 's', resumeSeconds: 60 });
    expect(ready).toEqual({ state: 'ready' });
    expect(nextShellStatus(ready, { type: 'exit', code: 0 })).toEqual({ state: 'exited', code: 0 });
  });

  it('keeps the server’s reason when the socket closes after it', () => {
    const closed = nextShellStatus(connecting, {
      type: 'closed',
      reason: 'idle',
      message: 'Closed after 15 minutes without activity.',
    });
    expect(nextShellStatus(closed, { type: 'socket-closed' })).toBe(closed);
    const error = nextShellStatus(connecting, { type: 'error', message: 'No bubblewrap' });
    expect(nextShellStatus(error, { type: 'socket-closed' })).toBe(error);
  });

  it('reads a close nobody explained as a lost connection', () => {
    expect(nextShellStatus({ state: 'ready' }, { type: 'socket-closed' })).toEqual({
      state: 'lost',
    });
    // The upgrade was refused (signed out, a project that is gone): same.
    expect(nextShellStatus(connecting, { type: 'socket-closed' })).toEqual({ state: 'lost' });
  });

  it('says whether the shell survived a dropped connection', () => {
    const reconnecting = nextShellStatus({ state: 'ready' }, { type: 'reconnecting' });
    expect(reconnecting).toEqual({ state: 'reconnecting' });
    expect(isLive(reconnecting)).toBe(true);
    expect(shellStatusText(reconnecting)).toMatch(/reconnecting/);
    const resumed = nextShellStatus(reconnecting, { type: 'resumed', lostBytes: 0 });
    expect(shellStatusText(resumed)).toBe('Reconnected: the shell kept running.');
    const replaced = nextShellStatus(reconnecting, {
      type: 'ready',
      shell: 's2',
      resumeSeconds: 60,
    });
    expect(shellStatusText(replaced)).toBe(
      'Reconnected, but the shell had ended: this is a new shell.',
    );
    expect(nextShellStatus(reconnecting, { type: 'socket-closed' })).toEqual({ state: 'lost' });
  });

  it('is not changed by a files-changed message', () => {
    const ready: ShellStatus = { state: 'ready' };
    expect(nextShellStatus(ready, { type: 'files-changed', paths: ['a'] })).toBe(ready);
  });
});

describe('shellStatusText', () => {
  it('says each state in words, and nothing while the shell is usable', () => {
    expect(shellStatusText(connecting)).toBe('Connecting...');
    expect(shellStatusText({ state: 'ready' })).toBe('');
    expect(shellStatusText({ state: 'exited', code: 1 })).toBe('The shell exited with code 1');
    expect(shellStatusText({ state: 'closed', reason: 'limit', message: 'Too many' })).toBe(
      'Closed: Too many',
    );
    // The QuickJS-only server's message is shown as it is.
    expect(shellStatusText({ state: 'error', message: 'The terminal needs bubblewrap.' })).toBe(
      'The terminal needs bubblewrap.',
    );
    expect(shellStatusText({ state: 'lost' })).toBe(
      'Disconnected: the connection to the terminal was lost.',
    );
  });

  it('offers Reconnect after a lost connection and Restart after an end', () => {
    expect(restartLabel({ state: 'lost' })).toBe('Reconnect');
    expect(restartLabel({ state: 'exited', code: 0 })).toBe('Restart');
    expect(isLive(connecting)).toBe(true);
    expect(isLive({ state: 'lost' })).toBe(false);
  });
});
