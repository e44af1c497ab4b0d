import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

/** How long each window of the server thread's delays lasts before it is started afresh. */
export const EVENT_LOOP_WINDOW_MS = 60_000;
/** How finely the delay is sampled: a timer this often, late by however long the thread was busy. */
const RESOLUTION_MS = 10;

const NS_PER_MS = 1e6;

export interface EventLoopDelayReading {
  /** The span the figures cover: the last full window and the current one, up to two windows. */
  windowSeconds: number;
  /** How late the server's thread came back to waiting work: 99th percentile and worst, in ms. */
  p99Ms: number;
  maxMs: number;
}

interface WindowFigures {
  p99Ms: number;
  maxMs: number;
  seconds: number;
}

/**
 * Watches how long the server's thread keeps work waiting (a long query parse, a big JSON, a
 * garbage collection): every request, keystroke and message waits behind it. Read by
 * GET /api/health, so an operator sees a stalling instance before its users do.
 */
export class EventLoopDelay {
  private readonly histogram: IntervalHistogram = monitorEventLoopDelay({
    resolution: RESOLUTION_MS,
  });
  private windowStarted = Date.now();
  private previous: WindowFigures | null = null;
  private readonly timer: NodeJS.Timeout;

  constructor() {
    this.histogram.enable();
    this.timer = setInterval(() => this.nextWindow(), EVENT_LOOP_WINDOW_MS);
    this.timer.unref();
  }

  read(): EventLoopDelayReading {
    const current = this.figures();
    const windows = this.previous ? [this.previous, current] : [current];
    return {
      windowSeconds: Math.round(windows.reduce((sum, window) => sum + window.seconds, 0)),
      p99Ms: Math.max(...windows.map((window) => window.p99Ms)),
      maxMs: Math.max(...windows.map((window) => window.maxMs)),
    };
  }

  stop(): void {
    clearInterval(this.timer);
    this.histogram.disable();
  }

  private nextWindow() {
    this.previous = this.figures();
    this.histogram.reset();
    this.windowStarted = Date.now();
  }

  /**
   * The current window's figures. The histogram records how late each sampling timer fired,
   * including the resolution itself, which is taken off (an idle thread reads 0).
   */
  private figures(): WindowFigures {
    const late = (ns: number) =>
      this.histogram.count === 0 ? 0 : Math.max(0, ns / NS_PER_MS - RESOLUTION_MS);
    return {
      p99Ms: round(late(this.histogram.percentile(99))),
      maxMs: round(late(this.histogram.max)),
      seconds: (Date.now() - this.windowStarted) / 1000,
    };
  }
}

const round = (ms: number) => Math.round(ms * 10) / 10;
