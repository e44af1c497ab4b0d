import os from 'node:os';
import type { SandboxSession } from './types';

/** What a session printed and how it ended (128 + n when signal n ended it), once it closes. */
export function collectSession(
  session: SandboxSession,
): Promise<{ out: string; err: string; code: number }> {
  return new Promise((resolve) => {
    let out = '';
    let err = '';
    session.child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    session.child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    session.child.on('close', (code, signal) =>
      resolve({ out, err, code: code ?? 128 + (signal ? os.constants.signals[signal] : 0) }),
    );
  });
}
