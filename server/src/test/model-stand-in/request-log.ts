import type { IncomingHttpHeaders } from 'node:http';
import type { ChatRequest } from './schemas';

/**
 * How a request ended. `aborted`: the client closed the connection before the response was
 * complete (Kiln gave up, or the browser went away). `dropped`: the stand-in cut it on purpose.
 */
export type RequestOutcome = 'pending' | 'completed' | 'aborted' | 'dropped';

export interface RecordedRequest {
  /** 1 for the first request the stand-in received. */
  seq: number;
  method: string;
  path: string;
  /** As sent, less the credentials, so a test can print or compare them freely. */
  headers: Record<string, string>;
  /** The parsed Chat Completions body, or null for other requests and unreadable bodies. */
  body: ChatRequest | null;
  rawBody: string;
  /** Whether the request carried an API key at all (its value is not kept). */
  authorized: boolean;
  scenario: string | null;
  turn: number | null;
  status: number | null;
  outcome: RequestOutcome;
}

const CREDENTIAL_HEADERS = new Set(['authorization', 'api-key', 'x-api-key']);

function plainHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const plain: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || CREDENTIAL_HEADERS.has(name)) continue;
    plain[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return plain;
}

/** Every request the stand-in served, with a way to wait for one to reach a state. */
export function createRequestLog() {
  const requests: RecordedRequest[] = [];
  const watchers = new Set<() => void>();
  const changed = () => watchers.forEach((watch) => watch());

  return {
    requests,
    add(entry: {
      method: string;
      path: string;
      headers: IncomingHttpHeaders;
      rawBody: string;
    }): RecordedRequest {
      const recorded: RecordedRequest = {
        seq: requests.length + 1,
        method: entry.method,
        path: entry.path,
        headers: plainHeaders(entry.headers),
        body: null,
        rawBody: entry.rawBody,
        authorized: [...CREDENTIAL_HEADERS].some((name) => entry.headers[name] !== undefined),
        scenario: null,
        turn: null,
        status: null,
        outcome: 'pending',
      };
      requests.push(recorded);
      changed();
      return recorded;
    },
    update(recorded: RecordedRequest, change: Partial<RecordedRequest>) {
      Object.assign(recorded, change);
      changed();
    },
    clear() {
      requests.length = 0;
      changed();
    },
    /** Resolves with the first request matching `predicate`, now or once one does. */
    waitFor(predicate: (request: RecordedRequest) => boolean, timeoutMs = 5_000) {
      return new Promise<RecordedRequest>((resolve, reject) => {
        const check = () => {
          const found = requests.find(predicate);
          if (!found) return;
          watchers.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          watchers.delete(check);
          reject(new Error(`No request to the model stand-in matched within ${timeoutMs} ms.`));
        }, timeoutMs);
        watchers.add(check);
        check();
      });
    },
  };
}

export type RequestLog = ReturnType<typeof createRequestLog>;
