import { request, type Agent } from 'node:http';
import { localhostLookup } from './localhost-names';

export interface TextAnswer {
  status: number;
  body: string;
}

/** What one path must answer before a start counts as served. */
export interface Expected {
  /** Relative to the base URL it is asked under. */
  path: string;
  accept: (answer: TextAnswer) => boolean;
}

/**
 * One GET on a connection of its own: its status and text, or null when nothing answered
 * (refused or reset: the server is not listening yet).
 */
export function getText(url: string, timeoutMs = 60_000): Promise<TextAnswer | null> {
  return new Promise((resolve) => {
    const sent = request(
      url,
      { agent: false, timeout: timeoutMs, lookup: localhostLookup },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        response.on('error', () => resolve(null));
      },
    );
    sent.on('timeout', () => sent.destroy());
    sent.on('error', () => resolve(null));
    sent.end();
  });
}

/**
 * One GET on a keep-alive agent: the status, the body, and the ms it took. It fails when no
 * answer came, or none within `timeoutMs` (the request is abandoned then).
 */
export function timedGet(
  url: string,
  agent: Agent,
  timeoutMs = 60_000,
): Promise<{ status: number; body: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const sent = request(url, { agent, lookup: localhostLookup }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body, ms: performance.now() - started }),
      );
      response.on('error', reject);
    });
    sent.setTimeout(timeoutMs, () => sent.destroy(new Error(`no answer in ${timeoutMs} ms`)));
    sent.on('error', reject);
    sent.end();
  });
}

/**
 * Asks `base` for each expected path in turn, every `everyMs` until it answers as expected,
 * and answers the ms after `started` at which each one did. `failed` says why to give up (the
 * server exited), checked before each try; `timeoutMs` bounds the whole wait.
 */
export async function untilAnswered(
  base: string,
  expected: Expected[],
  options: { started: number; failed: () => string | null; timeoutMs: number; everyMs?: number },
): Promise<number[]> {
  const times: number[] = [];
  const deadline = options.started + options.timeoutMs;
  for (const item of expected) {
    for (;;) {
      const failure = options.failed();
      if (failure) throw new Error(failure);
      const answer = await getText(`${base}${item.path}`);
      if (answer && item.accept(answer)) break;
      if (performance.now() > deadline) {
        throw new Error(
          `${base}${item.path} did not answer as expected in ${options.timeoutMs} ms`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, options.everyMs ?? 10));
    }
    times.push(performance.now() - options.started);
  }
  return times;
}
