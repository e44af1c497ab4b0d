import { accessEndedMessage, canStillEdit, type AccessChanges } from '../members';
import { TERMINAL_LIMITS } from '@kiln/shared';
import type { WebSocket } from 'ws';

/** How a tab takes back its shell after its connection dropped. */
export interface ResumeRequest {
  socket: WebSocket;
  /** Bytes of the shell's output the tab holds. */
  received: number;
  size: { cols: number; rows: number };
}

/** An open terminal as the registry sees it: whose, where, and how to close it. */
export interface OpenTerminal {
  userId: string;
  projectId: string;
  /** The secret id its tab resumes it with after the connection dropped. */
  shellId: string;
  /** Takes a new connection for a shell still running; false when it is ending. */
  resume(request: ResumeRequest): boolean;
  /** Tells the person the server is stopping, then ends the shell and frees its workspace. */
  closeForShutdown(): Promise<void>;
  /** Tells the person why they lost the terminal, then ends the shell at once. */
  closeForAccess(message: string): void;
}

/**
 * The terminals open on this server, so one project or one person cannot hold more than a few
 * shells (each is a sandbox with its own processes), and so a shutdown can close them all with
 * a word to each. Counted per server process.
 */
export class TerminalRegistry {
  private readonly open = new Set<OpenTerminal>();

  constructor(private readonly limits: { perProject: number; perUser: number } = TERMINAL_LIMITS) {}

  /** Counts the terminal in, or answers why it may not open (and does not count it). */
  admit(terminal: OpenTerminal): string | null {
    let inProject = 0;
    let ofUser = 0;
    for (const other of this.open) {
      if (other.projectId === terminal.projectId) inProject += 1;
      if (other.userId === terminal.userId) ofUser += 1;
    }
    if (inProject >= this.limits.perProject) {
      return `This project already has ${this.limits.perProject} terminals open, the most it may have. Close one to open another.`;
    }
    if (ofUser >= this.limits.perUser) {
      return `You already have ${this.limits.perUser} terminals open, the most one person may have. Close one to open another.`;
    }
    this.open.add(terminal);
    return null;
  }

  leave(terminal: OpenTerminal): void {
    this.open.delete(terminal);
  }

  /**
   * The open terminal with this id, when it is this person's in this project; for anyone else
   * there is none, as for an id that never was.
   */
  find(shellId: string, owner: { userId: string; projectId: string }): OpenTerminal | null {
    for (const terminal of this.open) {
      if (terminal.shellId !== shellId) continue;
      const theirs = terminal.userId === owner.userId && terminal.projectId === owner.projectId;
      return theirs ? terminal : null;
    }
    return null;
  }

  /**
   * Ends a person's terminals in a project as soon as they may no longer change it (removed, or
   * made a viewer): a shell runs with the project's secrets and database.
   */
  endOnAccessLoss(changes: AccessChanges): () => void {
    return changes.subscribe((change) => {
      if (canStillEdit(change)) return;
      for (const terminal of this.open) {
        if (terminal.projectId !== change.projectId || terminal.userId !== change.userId) continue;
        terminal.closeForAccess(accessEndedMessage(change, 'this terminal was closed'));
      }
    });
  }

  /** Server shutdown: every terminal is told, its shell ended and its workspace released. */
  async closeAll(): Promise<void> {
    await Promise.allSettled([...this.open].map((terminal) => terminal.closeForShutdown()));
  }
}
