import { setTimeout as sleep } from 'node:timers/promises';
import { DEPLOY_PLATFORM_NAMES, type DeployPlatform } from '@kiln/shared';

/**
 * A deploy that ended badly for a reason people can act on (a refused key, a failed build, an
 * unreachable platform). Its message is what the deployments list shows, so it never carries
 * the key.
 */
export class DeployFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeployFailure';
  }
}

/** What every platform's deploy is handed. */
export interface DeployContext {
  apiKey: string;
  /** The name the platform gives the site or project. */
  projectName: string;
  /** The platform's API origin (VERCEL_API_URL, NETLIFY_API_URL, RAILWAY_API_URL). */
  baseUrl: string;
  signal: AbortSignal;
  /** Between two looks at a build that is still running. */
  pollIntervalMs: number;
  /** How long a build may run before Kiln stops waiting for it. */
  buildTimeoutMs: number;
  /** Called once the platform has everything and is building. */
  onBuilding(): Promise<void>;
}

export interface DeployOutcome {
  url: string;
}

export interface PlatformRequest {
  method: 'GET' | 'POST';
  path: string;
  /** An object goes as JSON; bytes go as they are, with `contentType`. */
  body?: unknown;
  bytes?: Uint8Array;
  contentType?: string;
  headers?: Record<string, string>;
}

/**
 * One platform's API under one key: answers the parsed JSON of a 2xx answer and turns the
 * rest into a DeployFailure that says what went wrong, without the key.
 */
export function platformApi(platform: DeployPlatform, context: DeployContext) {
  const name = DEPLOY_PLATFORM_NAMES[platform];
  return async function request<T>(call: PlatformRequest): Promise<T> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${context.apiKey}`,
      accept: 'application/json',
      ...call.headers,
    };
    let body: Uint8Array<ArrayBuffer> | string | undefined;
    if (call.bytes) {
      // A copy on its own ArrayBuffer, which is what fetch's body types take.
      body = new Uint8Array(call.bytes);
      headers['content-type'] = call.contentType ?? 'application/octet-stream';
    } else if (call.body !== undefined) {
      body = JSON.stringify(call.body);
      headers['content-type'] = 'application/json';
    }
    let response: Response;
    try {
      response = await fetch(new URL(call.path, context.baseUrl), {
        method: call.method,
        headers,
        body,
        signal: context.signal,
      });
    } catch (error) {
      if (context.signal.aborted) throw error;
      throw new DeployFailure(`Could not reach ${name}: ${networkReason(error)}`);
    }
    const text = await response.text();
    if (response.status === 401 || response.status === 403) {
      throw new DeployFailure(`The ${name} API key was refused`);
    }
    if (!response.ok) {
      throw new DeployFailure(
        `${name} answered ${response.status}: ${messageIn(text) ?? response.statusText}`,
      );
    }
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new DeployFailure(`${name} sent an answer Kiln could not read`);
    }
  };
}

/** The message an API error body carries, in the shapes the three platforms use. */
export function messageIn(text: string): string | null {
  try {
    const body = JSON.parse(text) as {
      error?: { message?: unknown } | string;
      message?: unknown;
      errors?: { message?: unknown }[];
    };
    const candidates = [
      typeof body.error === 'object' ? body.error.message : body.error,
      body.message,
      body.errors?.[0]?.message,
    ];
    const found = candidates.find((value) => typeof value === 'string' && value.trim() !== '');
    return typeof found === 'string' ? found : null;
  } catch {
    const trimmed = text.trim();
    return trimmed ? trimmed.slice(0, 200) : null;
  }
}

function networkReason(error: unknown): string {
  const cause = error instanceof Error ? (error.cause ?? error) : error;
  if (cause instanceof Error) {
    const code = (cause as NodeJS.ErrnoException).code;
    return code ? `${cause.message} (${code})` : cause.message;
  }
  return String(cause);
}

/**
 * Asks `look` how the build stands, at once and then every poll interval, until it answers an
 * outcome; gives up after the build timeout.
 */
export async function pollBuild<T>(
  platform: DeployPlatform,
  context: DeployContext,
  look: () => Promise<T | null>,
): Promise<T> {
  const deadline = Date.now() + context.buildTimeoutMs;
  for (;;) {
    const outcome = await look();
    if (outcome !== null) return outcome;
    if (Date.now() > deadline) {
      const minutes = Math.round(context.buildTimeoutMs / 60_000);
      throw new DeployFailure(
        `The ${DEPLOY_PLATFORM_NAMES[platform]} build did not finish within ${minutes} minutes`,
      );
    }
    await sleep(context.pollIntervalMs, undefined, { signal: context.signal });
  }
}

/** An address as a link: platforms answer some with their scheme and some without. */
export function httpsUrl(address: string): string {
  return /^https?:\/\//.test(address) ? address : `https://${address}`;
}
