import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyWebsocket from '@fastify/websocket';
import { TERMINAL_LIMITS } from '@kiln/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';
import { installCsrf } from '../lib/csrf';
import { installSessionHook, SessionCache, sessionPolicyFrom } from '../modules/auth';
import { STRIPE_WEBHOOK_PATH, stripeSettingsFrom } from '../modules/billing';
import { previewFrameSource } from '../modules/preview';
import type { AppContext } from './context';
import { installSecurityHeaders } from './security-headers';

/** Signed-in people an instance remembers at once; the oldest is forgotten first. */
const SESSION_CACHE_ENTRIES = 10_000;

/**
 * What every request goes through before its route: security headers, cookies, rate limits,
 * WebSocket upgrades, the CSRF check and the session (docs/architecture.md, "One request's path").
 */
export async function installHttp(
  app: FastifyInstance,
  { env, db, keys, accountChanges }: Pick<AppContext, 'env' | 'db' | 'keys' | 'accountChanges'>,
): Promise<void> {
  // Stripe's payment form loads its script and frames from Stripe, when payments are on.
  const stripe = stripeSettingsFrom(env)
    ? {
        scriptSrc: ['https://js.stripe.com'],
        frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
        connectSrc: ['https://api.stripe.com'],
      }
    : { scriptSrc: [], frameSrc: [], connectSrc: [] };
  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripe.scriptSrc],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...stripe.connectSrc],
        objectSrc: ["'none'"],
        // The editor frames project previews, each on an origin of its own under the preview
        // host (decision 0005).
        frameSrc: ["'self'", previewFrameSource(env.PREVIEW_ORIGIN), ...stripe.frameSrc],
        frameAncestors: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Kiln is often served over plain http on 127.0.0.1; upgrading would break it.
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests. Please try again in ${context.after}.`),
  });
  // An upgrade is routed like any request, through the hooks below (session, CSRF cookie) and
  // its route's own; rate limits apply only to routes that ask (global: false).
  await app.register(fastifyWebsocket, { options: { maxPayload: TERMINAL_LIMITS.messageBytes } });
  // The Stripe webhook is verified by its signature instead (decision 0010).
  await installCsrf(app, { rootKey: keys.root, exemptPaths: [STRIPE_WEBHOOK_PATH] });
  const sessionCache = new SessionCache({
    ttlMs: env.SESSION_CACHE_SECONDS * 1000,
    maxEntries: SESSION_CACHE_ENTRIES,
    changes: accountChanges,
  });
  installSessionHook(app, db, sessionPolicyFrom(env), sessionCache);
}
