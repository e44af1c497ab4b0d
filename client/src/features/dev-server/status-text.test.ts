import type { DevServerStatus } from '@kiln/shared';
import { describe, expect, it } from 'vitest';
import { devServerStatusText } from './status-text';

const status = (change: Partial<DevServerStatus>): DevServerStatus => ({
  state: 'running',
  command: 'npm start',
  port: 3000,
  startedAt: '2026-01-01T10:00:00Z',
  previewUrl: null,
  previewExpiresAt: null,
  exitCode: null,
  message: null,
  ...change,
});

describe('devServerStatusText', () => {
  it('says what runs and where', () => {
    expect(devServerStatusText(status({}))).toBe('Running (npm start) on port 3000');
    expect(devServerStatusText(status({ state: 'installing' }))).toBe(
      'Installing packages (npm start)...',
    );
  });

  it('gives a crash its exit code, or its reason when it never ran', () => {
    expect(devServerStatusText(status({ state: 'crashed', exitCode: 3 }))).toBe(
      'Crashed with exit code 3 (npm start)',
    );
    expect(devServerStatusText(status({ state: 'crashed', message: 'Out of memory' }))).toBe(
      'Crashed: Out of memory',
    );
    expect(
      devServerStatusText(
        status({ state: 'crashed', command: null, message: 'Kiln cannot tell how to start' }),
      ),
    ).toBe('Could not start: Kiln cannot tell how to start');
    expect(devServerStatusText(null)).toBe('Not running');
  });
});
