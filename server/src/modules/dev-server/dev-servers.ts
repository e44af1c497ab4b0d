import { accessEndedMessage, canStillEdit, type AccessChanges } from '../members';
import type { Agent } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  DEV_SERVERS_PER_PLAN,
  PLANS,
  type DevServerEvent,
  type DevServerStatus,
  type SubscriptionPlan,
} from '@kiln/shared';
import { AppError } from '../../lib/app-error';
import { DevServer, type DevServerDeps, type DevServerEnd } from './dev-server';
import { LogChannel } from './log-channel';

/** A dev server's status, before the service adds its preview link. */
export type DevServerState = Omit<DevServerStatus, 'previewUrl' | 'previewExpiresAt'>;

/** What the preview's proxy needs of a running dev server. */
export interface DevServerTarget {
  agent: Agent;
  connect(): Promise<Duplex>;
  /** A request reached it: it is not idle. */
  touch(): void;
}

/** Ended dev servers whose status and log are kept to show (a crash stays readable). */
const ENDS_KEPT = 200;

const STOPPED: DevServerState = {
  state: 'stopped',
  command: null,
  port: null,
  startedAt: null,
  exitCode: null,
  message: null,
};

/**
 * The dev servers of this Kiln server: one per project, a few per person by plan and
 * DEV_SERVERS_MAX in all. Each stops after the idle time without a request through its preview,
 * and all stop when the server does.
 */
export class DevServers {
  private readonly running = new Map<string, DevServer>();
  private readonly ended = new Map<string, DevServerEnd>();
  private readonly channels = new Map<string, LogChannel>();
  /** Requests held while a project's app starts (the preview's proxy), woken at its next change. */
  private readonly changeWaiters = new Map<string, Array<() => void>>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly deps: DevServerDeps,
    private readonly settings: { maxAtOnce: number; idleMs: number },
  ) {
    // Checked a few times per idle period, so a server stops within a quarter of it after.
    const every = Math.min(30_000, Math.max(100, settings.idleMs / 4));
    this.sweeper = setInterval(() => this.stopIdle(), every);
    this.sweeper.unref();
  }

  /**
   * Starts the project's dev server (answering at once, while it installs and starts); a
   * running one is left as it is, or stopped first with `restart`.
   */
  async start(options: {
    userId: string;
    projectId: string;
    plan: SubscriptionPlan;
    restart: boolean;
  }): Promise<DevServerState> {
    const { projectId } = options;
    const current = this.running.get(projectId);
    if (current && !options.restart) return this.status(projectId);
    if (current) {
      await current.stop('Restarting.');
      // Another start may have come in while this one waited: it stands.
      if (this.running.has(projectId)) return this.status(projectId);
    }
    this.admit(options);
    const channel = this.channelOf(projectId);
    channel.reset();
    this.ended.delete(projectId);
    const server = new DevServer(this.deps, options.userId, projectId, channel, () =>
      this.announce(projectId),
    );
    this.running.set(projectId, server);
    void server.ended.then((end) => {
      if (this.running.get(projectId) !== server) return;
      this.running.delete(projectId);
      this.ended.set(projectId, end);
      this.announce(projectId);
      this.forgetOldEnds();
    });
    void server.start();
    return this.status(projectId);
  }

  /** Stops the project's dev server, if one runs, and answers its status. */
  async stop(projectId: string, message = 'You stopped the app.'): Promise<DevServerState> {
    await this.running.get(projectId)?.stop(message);
    return this.status(projectId);
  }

  /**
   * Ends the app the person started in the project when they may no longer change it (removed,
   * or made a viewer): it runs with the project's secrets and database on their say-so.
   */
  endOnAccessLoss(changes: AccessChanges): () => void {
    return changes.subscribe((change) => {
      if (canStillEdit(change)) return;
      const server = this.running.get(change.projectId);
      if (server?.userId !== change.userId) return;
      void server.stop(accessEndedMessage(change, 'the app you started was stopped'));
    });
  }

  status(projectId: string): DevServerState {
    const server = this.running.get(projectId);
    if (server) {
      return {
        state: server.phase,
        command: server.command,
        port: server.port,
        startedAt: server.startedAt.toISOString(),
        exitCode: null,
        message: null,
      };
    }
    const end = this.ended.get(projectId);
    if (!end) return STOPPED;
    return { ...STOPPED, state: end.state, command: end.command, ...pick(end) };
  }

  /**
   * The running app of a project, for the preview's proxy. While it starts (not while it
   * installs), a promise settling with it once it listens, or null if it ends or installs first.
   */
  target(projectId: string): DevServerTarget | Promise<DevServerTarget | null> | null {
    const server = this.running.get(projectId);
    if (server?.phase === 'starting') {
      return this.nextChange(projectId).then(() => this.target(projectId));
    }
    const bridge = server?.target;
    if (!server || !bridge) return null;
    return {
      agent: bridge.agent,
      connect: () => bridge.connect(),
      touch: () => (server.lastTraffic = Date.now()),
    };
  }

  /** The project's log so far, then each event until `stop`. */
  subscribe(projectId: string, listener: (event: DevServerEvent) => void) {
    return this.channelOf(projectId).subscribe(listener);
  }

  /** Stops every dev server and waits until each has given back what it held. */
  async stopAll(): Promise<void> {
    clearInterval(this.sweeper);
    await Promise.all(
      [...this.running.values()].map((server) => server.stop('The Kiln server is stopping.')),
    );
  }

  private admit(options: { userId: string; plan: SubscriptionPlan }): void {
    if (this.running.size >= this.settings.maxAtOnce) {
      throw new AppError(
        'RATE_LIMITED',
        'This Kiln server is running as many apps as it can. Stop one of yours or try again in a few minutes.',
      );
    }
    const allowed = DEV_SERVERS_PER_PLAN[options.plan];
    const mine = [...this.running.values()].filter((server) => server.userId === options.userId);
    if (mine.length >= allowed) {
      const plural = allowed === 1 ? 'app' : 'apps';
      throw new AppError(
        'PLAN_LIMIT',
        `The ${PLANS[options.plan].name} plan runs ${allowed} ${plural} at a time: stop one of your running apps first.`,
      );
    }
  }

  private stopIdle(): void {
    const now = Date.now();
    for (const server of this.running.values()) {
      if (server.phase !== 'running' || now - server.lastTraffic < this.settings.idleMs) continue;
      const minutes = Math.round((this.settings.idleMs / 60_000) * 10) / 10;
      void server.stop(
        `Stopped after ${minutes} minute${minutes === 1 ? '' : 's'} without a visit to its preview.`,
      );
    }
  }

  /** How the oldest ends went, and their logs, are dropped past a bound: memory stays flat. */
  private forgetOldEnds(): void {
    for (const projectId of this.ended.keys()) {
      if (this.ended.size <= ENDS_KEPT) return;
      this.ended.delete(projectId);
      if (!this.running.has(projectId) && !this.channels.get(projectId)?.listening) {
        this.channels.delete(projectId);
      }
    }
  }

  private channelOf(projectId: string): LogChannel {
    let channel = this.channels.get(projectId);
    if (!channel) {
      channel = new LogChannel();
      this.channels.set(projectId, channel);
    }
    return channel;
  }

  /** Settles at the project's next change of state (an end included). */
  private nextChange(projectId: string): Promise<void> {
    return new Promise((resolve) => {
      let waiting = this.changeWaiters.get(projectId);
      if (!waiting) {
        waiting = [];
        this.changeWaiters.set(projectId, waiting);
      }
      waiting.push(resolve);
    });
  }

  private announce(projectId: string): void {
    const waiting = this.changeWaiters.get(projectId);
    this.changeWaiters.delete(projectId);
    for (const resolve of waiting ?? []) resolve();
    const channel = this.channels.get(projectId);
    channel?.send({ type: 'status', status: { ...this.status(projectId), ...NO_LINK } });
  }
}

/** The log's status events carry no link: the client asks for one with the status. */
const NO_LINK = { previewUrl: null, previewExpiresAt: null };

function pick(end: DevServerEnd): Pick<DevServerState, 'exitCode' | 'message'> {
  return { exitCode: end.exitCode, message: end.message };
}
