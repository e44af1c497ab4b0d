import type { DevServerEvent } from '@kiln/shared';

/** What a late subscriber is shown of the output so far. */
const BACKLOG_CHARS = 64 * 1024;

/**
 * One project's dev-server log: what the app printed (the end of it kept for whoever opens the
 * log later) and every change of state, passed to whoever listens. It outlives each start, so an
 * open log keeps going across a restart.
 */
export class LogChannel {
  private backlog = '';
  private readonly listeners = new Set<(event: DevServerEvent) => void>();

  /** A new start: the old output is no longer what the app printed. */
  reset(): void {
    this.backlog = '';
  }

  output(data: string): void {
    this.backlog = (this.backlog + data).slice(-BACKLOG_CHARS);
    this.send({ type: 'output', data });
  }

  send(event: DevServerEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  /** Answers the output so far, then passes every later event until the returned call. */
  subscribe(listener: (event: DevServerEvent) => void): { backlog: string; stop: () => void } {
    this.listeners.add(listener);
    return { backlog: this.backlog, stop: () => this.listeners.delete(listener) };
  }

  get listening(): boolean {
    return this.listeners.size > 0;
  }
}
