import { describe, expect, it } from 'vitest';
import { frameConsoleMessage } from './preview-message';

const OWN = 'http://p-0b7f3f0e-5d7a-4d83-9a35-1f2e3d4c5b6a.localhost:5001';
const frameWindow = {} as MessageEventSource;
const frame = { origin: OWN, window: frameWindow };
const message = { source: 'kiln-preview', level: 'log', args: ['hello'], timestamp: 1 };

describe('frameConsoleMessage', () => {
  it("takes a console message from the frame's own window at its project's origin", () => {
    expect(frameConsoleMessage({ origin: OWN, source: frameWindow, data: message }, frame)).toEqual(
      message,
    );
  });

  it("refuses another project's preview, the bare preview host and the app", () => {
    for (const origin of [
      'http://p-9c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f.localhost:5001',
      'http://localhost:5001',
      'http://127.0.0.1:5000',
      'null',
    ]) {
      expect(frameConsoleMessage({ origin, source: frameWindow, data: message }, frame)).toBeNull();
    }
  });

  it('refuses any other window, even at the right origin', () => {
    const other = {} as MessageEventSource;
    expect(frameConsoleMessage({ origin: OWN, source: other, data: message }, frame)).toBeNull();
    expect(frameConsoleMessage({ origin: OWN, source: null, data: message }, frame)).toBeNull();
    expect(
      frameConsoleMessage(
        { origin: OWN, source: frameWindow, data: message },
        { origin: OWN, window: null },
      ),
    ).toBeNull();
  });

  it('refuses everything while no link is shown, and what is not a console message', () => {
    expect(
      frameConsoleMessage(
        { origin: OWN, source: frameWindow, data: message },
        { origin: null, window: frameWindow },
      ),
    ).toBeNull();
    for (const data of [
      { ...message, source: 'other' },
      { ...message, level: 'shout' },
      'kiln-preview',
      null,
    ]) {
      expect(frameConsoleMessage({ origin: OWN, source: frameWindow, data }, frame)).toBeNull();
    }
  });
});
