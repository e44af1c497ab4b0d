import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { cookieName, cookieOptions } from '../../lib/csrf-cookies';
import { recordAudit } from '../audit';
import { requireUser, signedIn } from '../auth';
import { saveConnection } from './connections';
import type { GitSyncDeps } from './deps';
import { hostOf } from './remote';

export interface GitHubOAuthSettings {
  clientId: string;
  clientSecret: string;
  /** github.com, or a GitHub Enterprise origin (GITHUB_OAUTH_URL). */
  oauthUrl: string;
  /** Kiln's public origin, for the address GitHub sends people back to. */
  publicUrl: string;
}

const STATE_COOKIE = 'github_oauth_state';
const STATE_MAX_AGE_SECONDS = 600;
const CALLBACK_PATH = '/api/github/oauth/callback';
const EXCHANGE_TIMEOUT_MS = 15_000;

/** Only a path of Kiln's own: never another site, never `//host`. */
const ReturnToSchema = z
  .string()
  .max(2048)
  .refine((value) => value.startsWith('/') && !value.startsWith('//') && !value.includes('\\'))
  .catch('/dashboard');

const StartQuery = z.object({ returnTo: ReturnToSchema.optional() });
const CallbackQuery = z.object({
  code: z.string().max(512).optional(),
  state: z.string().max(512).optional(),
});

/**
 * Sign in with GitHub, as an alternative to pasting a token: `start` sends the person to
 * GitHub with a random state kept in an HttpOnly cookie; `callback` checks that state,
 * exchanges the code for a token and connects it as PUT /api/github/connection would, then
 * goes back to the page the person came from with `github=connected` (or `github=error`).
 */
export function registerGitHubOAuthRoutes(
  fastify: FastifyInstance,
  deps: GitSyncDeps & { oauth: GitHubOAuthSettings | null },
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const settings = () => {
    if (!deps.oauth) {
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'Sign in with GitHub is not configured here (GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET); connect with a token instead',
      );
    }
    return deps.oauth;
  };

  app.get(
    '/api/github/oauth/start',
    { onRequest: signedIn, schema: { querystring: StartQuery } },
    async (request, reply) => {
      const oauth = settings();
      const state = randomBytes(24).toString('base64url');
      const returnTo = request.query.returnTo ?? '/dashboard';
      void reply.setCookie(
        cookieName(request, STATE_COOKIE),
        `${state}.${Buffer.from(returnTo).toString('base64url')}`,
        cookieOptions(request, { httpOnly: true, maxAgeSeconds: STATE_MAX_AGE_SECONDS }),
      );
      const authorize = new URL('/login/oauth/authorize', oauth.oauthUrl);
      authorize.searchParams.set('client_id', oauth.clientId);
      authorize.searchParams.set('redirect_uri', `${oauth.publicUrl}${CALLBACK_PATH}`);
      authorize.searchParams.set('scope', 'repo');
      authorize.searchParams.set('state', state);
      return reply.redirect(authorize.toString(), 302);
    },
  );

  app.get(
    CALLBACK_PATH,
    { onRequest: signedIn, schema: { querystring: CallbackQuery } },
    async (request, reply) => {
      const oauth = settings();
      const name = cookieName(request, STATE_COOKIE);
      const [expected, encodedReturn] = (request.cookies[name] ?? '').split('.');
      void reply.clearCookie(name, cookieOptions(request, { httpOnly: true }));
      const returnTo = ReturnToSchema.parse(
        Buffer.from(encodedReturn ?? '', 'base64url').toString('utf8'),
      );
      const back = (outcome: 'connected' | 'error') =>
        reply.redirect(`${returnTo}${returnTo.includes('?') ? '&' : '?'}github=${outcome}`, 302);
      const { code, state } = request.query;
      if (!code || !state || !expected || !sameText(state, expected)) return back('error');
      try {
        const token = await exchangeCode(oauth, code);
        const row = await saveConnection({
          ...deps,
          userId: requireUser(request).id,
          input: { token },
        });
        await recordAudit(deps.db, request, {
          action: 'git.connected',
          target: { type: 'git_connection', id: hostOf(row.baseUrl) },
          details: { account: row.account, via: 'github-oauth' },
        });
        return back('connected');
      } catch (error) {
        deps.log.warn({ kind: (error as Error).name }, 'GitHub sign-in failed');
        return back('error');
      }
    },
  );
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

async function exchangeCode(oauth: GitHubOAuthSettings, code: string): Promise<string> {
  const response = await fetch(new URL('/login/oauth/access_token', oauth.oauthUrl), {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({
      client_id: oauth.clientId,
      client_secret: oauth.clientSecret,
      code,
      redirect_uri: `${oauth.publicUrl}${CALLBACK_PATH}`,
    }),
    // The body carries the client secret: a 307 would send it on to wherever it points.
    redirect: 'error',
    signal: AbortSignal.timeout(EXCHANGE_TIMEOUT_MS),
  });
  const body = (await response.json().catch(() => ({}))) as { access_token?: unknown };
  if (!response.ok || typeof body.access_token !== 'string' || body.access_token === '') {
    throw new AppError('VALIDATION_FAILED', 'GitHub did not grant access');
  }
  return body.access_token;
}
