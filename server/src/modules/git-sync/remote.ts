import { AppError } from '../../lib/app-error';
import type { HostRequest } from './host-guard';

/**
 * How to reach one repository: its URL (never with credentials in it), the credentials, sent
 * in an Authorization header only (never written into a remote URL, a config file or a log
 * line), and the guarded requests every call to its host goes through (host-guard.ts).
 */
export interface RemoteAccess {
  url: string;
  credentials: { username: string; password: string } | null;
  /** "owner/repo on host", for messages. */
  label: string;
  request: HostRequest;
}

/** The credentials as an HTTP Basic Authorization header (none without credentials). */
export function authorizationHeader(remote: RemoteAccess): Record<string, string> {
  if (!remote.credentials) return {};
  const { username, password } = remote.credentials;
  return { Authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` };
}

export interface RepositoryAddress {
  baseUrl: string;
  owner: string;
  repo: string;
}

export function hostOf(baseUrl: string): string {
  return new URL(baseUrl).host;
}

/** The smart-HTTP URL of a repository: `<base URL>/<owner>/<repo>.git`, as every host serves it. */
export function repositoryUrl(address: RepositoryAddress): string {
  return `${address.baseUrl}/${address.owner}/${address.repo}.git`;
}

export function repositoryLabel(address: RepositoryAddress): string {
  return `${address.owner}/${address.repo} on ${hostOf(address.baseUrl)}`;
}

/**
 * Reads `https://host/owner/repo(.git)` (a GitLab owner may have subgroups); the base URL is
 * the origin. Answers null for anything else.
 */
export function parseRepositoryUrl(value: string): RepositoryAddress | null {
  if (!URL.canParse(value)) return null;
  const url = new URL(value);
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.search) {
    return null;
  }
  const parts = url.pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  if (parts.length < 2) return null;
  const repo = parts.pop()!.replace(/\.git$/, '');
  return { baseUrl: url.origin, owner: parts.join('/'), repo };
}

interface GitError {
  code?: string;
  name?: string;
  message?: string;
  data?: { statusCode?: number; reason?: string; prettyDetails?: string };
  cause?: unknown;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/**
 * An error from isomorphic-git or the network as something a person can act on. Anything not
 * recognised is answered as is, to be logged and hidden by the error handler.
 */
export function asHostError(error: unknown, remote: RemoteAccess): unknown {
  if (error instanceof AppError) return error;
  const failure = (error ?? {}) as GitError;
  const code = failure.code ?? (failure.cause as GitError | undefined)?.code;
  if (code === 'UserCanceledError') {
    return new AppError(
      'VALIDATION_FAILED',
      `The Git host refused the token for ${remote.label}: connect again with a token that can reach it`,
    );
  }
  if (code === 'HttpError') {
    const status = failure.data?.statusCode;
    if (status === 401) {
      return new AppError(
        'VALIDATION_FAILED',
        remote.credentials
          ? `The Git host refused the token for ${remote.label}`
          : `${remote.label} needs a token: connect the Git host first`,
      );
    }
    if (status === 403) {
      return new AppError('VALIDATION_FAILED', `The token may not do that on ${remote.label}`);
    }
    if (status === 404) {
      return new AppError(
        'NOT_FOUND',
        `Repository ${remote.label} was not found (or the token cannot see it)`,
      );
    }
    return new AppError(
      'SERVICE_UNAVAILABLE',
      `The Git host answered ${status ?? 'an error'} for ${remote.label}; try again later`,
    );
  }
  if (code === 'SmartHttpError') {
    return new AppError('VALIDATION_FAILED', `${remote.label} is not a Git repository`);
  }
  if (code === 'PushRejectedError') {
    return pullFirst(remote);
  }
  if (code === 'GitPushError') {
    const details = failure.data?.prettyDetails ?? '';
    // Another push landed between our check and our update: the ref no longer matched.
    if (/fetch first|non-fast-forward|failed to (update|lock)|stale info/i.test(details)) {
      return pullFirst(remote);
    }
    return new AppError(
      'CONFLICT',
      `The Git host refused the push to ${remote.label}: ${details.trim().replace(/\s+/g, ' ').slice(0, 300)}`,
    );
  }
  if (
    (code && NETWORK_CODES.has(code)) ||
    failure.name === 'TimeoutError' ||
    failure.name === 'AbortError'
  ) {
    return new AppError(
      'SERVICE_UNAVAILABLE',
      `Could not reach the Git host for ${remote.label}; try again later`,
    );
  }
  return error;
}

export function pullFirst(remote: RemoteAccess): AppError {
  return new AppError(
    'CONFLICT',
    `The remote branch of ${remote.label} has changes you do not have yet. Pull first, then push again; nothing here was lost.`,
  );
}
