import { StringDecoder } from 'node:string_decoder';
import type { SessionBridge, SessionLimits, Sandbox } from '../../sandbox/types';

/**
 * rlimits of an installer's processes (decision 0016). Larger than a run's: npm resolving a big
 * tree holds hundreds of megabytes, runs several processes of many threads each, and keeps many
 * files open; the wall clock and the size checks bound the whole.
 */
export const INSTALL_SESSION_LIMITS: Omit<SessionLimits, 'cpuSeconds'> = {
  memoryBytes: 1024 * 1024 * 1024,
  processes: 128,
  fileBytes: 512 * 1024 * 1024,
  openFiles: 4096,
};
/** The tmpfs for the installer's home and /tmp: npm's cache of one install lives there. */
export const INSTALL_SCRATCH_BYTES = 1024 * 1024 * 1024;
/** How often the installed folder is measured while the installer runs. */
const WATCH_INTERVAL_MS = 5_000;
/** The end of the output kept to explain a failure. */
const TAIL_CHARS = 64 * 1024;

export interface StepOutcome {
  /** The installer's exit status, or null when Kiln stopped it. */
  exitCode: number | null;
  /** Why Kiln stopped it: the deadline, the installed folder's size, or the server stopping. */
  stoppedFor: 'time' | 'size' | 'server' | null;
  /** The end of what it printed, to tell a person why it failed. */
  tail: string;
}

/**
 * Runs one installer command in a sandbox session over the workspace, passing on what it prints
 * as it comes, until it ends, the deadline passes or `overLimit` (checked every few seconds)
 * says the installed folder is too large.
 */
export async function runInstallStep(options: {
  sandbox: Sandbox;
  workspace: string;
  env: Record<string, string>;
  bridges: SessionBridge[];
  command: string[];
  deadline: number;
  emit: (text: string) => void;
  overLimit: () => Promise<boolean>;
  signal: AbortSignal;
}): Promise<StepOutcome> {
  if (!options.sandbox.openSession) throw new Error('this sandbox has no sessions');
  const seconds = Math.max(1, Math.ceil((options.deadline - Date.now()) / 1000));
  const session = await options.sandbox.openSession({
    workspace: options.workspace,
    env: options.env,
    command: options.command,
    limits: { ...INSTALL_SESSION_LIMITS, cpuSeconds: seconds },
    bridges: options.bridges,
    scratchBytes: INSTALL_SCRATCH_BYTES,
  });
  // Installers read nothing; a closed stdin makes any prompt fail instead of waiting.
  session.child.stdin.end();
  let tail = '';
  let stoppedFor: StepOutcome['stoppedFor'] = null;
  const stop = (reason: NonNullable<StepOutcome['stoppedFor']>) => {
    stoppedFor ??= reason;
    session.kill();
  };
  const onAbort = () => stop('server');
  if (options.signal.aborted) onAbort();
  else options.signal.addEventListener('abort', onAbort, { once: true });
  const pass = (decoder: StringDecoder) => (chunk: Buffer) => {
    const text = decoder.write(chunk);
    if (!text) return;
    tail = (tail + text).slice(-TAIL_CHARS);
    options.emit(text);
  };
  session.child.stdout.on('data', pass(new StringDecoder('utf8')));
  session.child.stderr.on('data', pass(new StringDecoder('utf8')));
  const timer = setTimeout(() => stop('time'), Math.max(0, options.deadline - Date.now()));
  let measuring = false;
  const watch = setInterval(() => {
    if (measuring) return;
    measuring = true;
    options
      .overLimit()
      .then((over) => over && stop('size'))
      .catch(() => {})
      .finally(() => (measuring = false));
  }, WATCH_INTERVAL_MS);
  try {
    const exitCode = await new Promise<number | null>((resolve, reject) => {
      session.child.on('error', reject);
      session.child.on('close', (code) => resolve(code));
    });
    return { exitCode: stoppedFor ? null : exitCode, stoppedFor, tail };
  } finally {
    clearTimeout(timer);
    clearInterval(watch);
    options.signal.removeEventListener('abort', onAbort);
  }
}
