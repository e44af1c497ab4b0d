import { z } from 'zod';
import { EXEC_LIMITS } from '../exec/schemas';

/**
 * Limits on one terminal (decision 0016): a run's rlimits per process, except CPU time, which
 * must fit an install; an idle timeout; and how many terminals may be open at once.
 */
export const TERMINAL_LIMITS = {
  /** CPU seconds per process: an `npm install` or a build must fit. */
  cpuSeconds: 120,
  memoryBytes: EXEC_LIMITS.memoryBytes,
  processes: EXEC_LIMITS.processes,
  /** The largest file one process may write. */
  fileBytes: EXEC_LIMITS.writtenBytes,
  openFiles: 1024,
  /** In-memory home and /tmp (npm's cache lives there), gone when the terminal closes. */
  scratchBytes: 256 * 1024 * 1024,
  /** No input and no output for this long closes the terminal (the server may set another). */
  idleMinutes: 15,
  perProject: 4,
  perUser: 8,
  /**
   * A shell whose connection dropped (no close from the person) keeps running this long for its
   * tab to come back to it (the server may set another).
   */
  resumeSeconds: 300,
  /** The output a detached shell keeps for its tab to catch up on when it comes back. */
  resumeOutputBytes: 256 * 1024,
  /**
   * How fast a shell's output is read, with a burst on top: a program printing faster waits, as
   * on a slow terminal, so a flood costs the server a bounded share of a core. A browser's
   * terminal draws about this much at most.
   */
  outputBytesPerSecond: 1024 * 1024,
  outputBurstBytes: 1024 * 1024,
  /** The largest message a client may send: a paste larger than this is refused. */
  messageBytes: 1024 * 1024,
} as const;

export const TERMINAL_SIZE_LIMITS = { minCols: 2, maxCols: 500, minRows: 1, maxRows: 200 } as const;
export const TERMINAL_DEFAULT_SIZE = { cols: 80, rows: 24 } as const;

const cols = z.number().int().min(TERMINAL_SIZE_LIMITS.minCols).max(TERMINAL_SIZE_LIMITS.maxCols);
const rows = z.number().int().min(TERMINAL_SIZE_LIMITS.minRows).max(TERMINAL_SIZE_LIMITS.maxRows);

/** A shell's resume id: 24 random bytes, base64url. */
const SHELL_ID = /^[A-Za-z0-9_-]{32}$/;

/**
 * GET /api/terminal/{projectId}?cols=&rows=[&resume=&received=]: the terminal's size when it
 * opens; a tab whose connection dropped names the shell it had and how many bytes of its output
 * it holds, to take it back with the output it missed.
 */
export const TerminalQuerySchema = z.object({
  resume: z.string().regex(SHELL_ID).optional(),
  received: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  cols: z.coerce
    .number()
    .pipe(cols)
    .optional()
    .transform((value) => value ?? TERMINAL_DEFAULT_SIZE.cols),
  rows: z.coerce
    .number()
    .pipe(rows)
    .optional()
    .transform((value) => value ?? TERMINAL_DEFAULT_SIZE.rows),
});
export type TerminalQuery = z.infer<typeof TerminalQuerySchema>;

/**
 * Client to server, as text frames. Keystrokes and pastes travel as binary frames holding the
 * UTF-8 bytes the terminal produced.
 */
export const TerminalClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('resize'), cols, rows }),
]);
export type TerminalClientMessage = z.infer<typeof TerminalClientMessageSchema>;

/**
 * Why the server closed a terminal: nothing typed or printed for the idle time, too many
 * terminals open, or the server stopping.
 */
export const TERMINAL_CLOSE_REASONS = ['idle', 'limit', 'server', 'access'] as const;
export type TerminalCloseReason = (typeof TERMINAL_CLOSE_REASONS)[number];

/**
 * Server to client, as text frames. The terminal's output travels as binary frames, bytes to
 * write to the terminal as they are.
 */
export const TerminalServerMessageSchema = z.discriminatedUnion('type', [
  /**
   * The shell is starting: input sent from now on reaches it. `shell` names it for a resume
   * after the connection drops, within `resumeSeconds`. A tab that asked to resume and gets
   * `ready` has a new shell: the one it had ended.
   */
  z.object({
    type: z.literal('ready'),
    shell: z.string(),
    resumeSeconds: z.number().int().nonnegative(),
  }),
  /**
   * The shell the tab asked for survived the dropped connection and is its again. The output it
   * missed follows; `lostBytes` of it (the oldest) were no longer kept.
   */
  z.object({ type: z.literal('resumed'), lostBytes: z.number().int().nonnegative() }),
  /** The shell changed these project files (created, changed or deleted): refresh the tree. */
  z.object({ type: z.literal('files-changed'), paths: z.array(z.string()) }),
  /** The shell ended with this status (128 + n when signal n ended it); the socket closes. */
  z.object({ type: z.literal('exit'), code: z.number().int() }),
  /** The server closed the terminal; `message` is for people. The socket closes. */
  z.object({
    type: z.literal('closed'),
    reason: z.enum(TERMINAL_CLOSE_REASONS),
    message: z.string(),
  }),
  /** The terminal could not open or failed; `message` is for people. The socket closes. */
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type TerminalServerMessage = z.infer<typeof TerminalServerMessageSchema>;

/** WebSocket close codes the server ends a terminal with, beside the last message above. */
export const TERMINAL_CLOSE_CODES = {
  exit: 1000,
  server: 1001,
  error: 1011,
  idle: 4000,
  limit: 4001,
  /** The person was removed from the project, or may no longer change it. */
  access: 4003,
} as const;
