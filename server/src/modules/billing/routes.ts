import {
  BillingConfigSchema,
  CreateSubscriptionInputSchema,
  CreateSubscriptionResponseSchema,
} from '@kiln/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit';
import { requireUser, signedIn, type AccountChanges } from '../auth';
import { applyStripeEvent, createSubscription } from './service';
import { createStripeClient, type StripeSettings } from './stripe-client';
import { verifiedStripeEvent } from './webhook-event';

export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

/** Stripe's events are small; anything larger is not one. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/** Paid plans are sold only when every piece is configured (decision 0010). */
export function stripeSettingsFrom(env: Env): StripeSettings | null {
  const { STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_PRICE_PRO, STRIPE_PRICE_ENTERPRISE } =
    env;
  if (
    !STRIPE_SECRET_KEY ||
    !STRIPE_PUBLISHABLE_KEY ||
    !STRIPE_PRICE_PRO ||
    !STRIPE_PRICE_ENTERPRISE
  ) {
    return null;
  }
  return {
    secretKey: STRIPE_SECRET_KEY,
    apiUrl: env.STRIPE_API_URL,
    prices: { pro: STRIPE_PRICE_PRO, enterprise: STRIPE_PRICE_ENTERPRISE },
  };
}

const notConfigured = () =>
  new AppError(
    'SERVICE_UNAVAILABLE',
    'Payments are not set up on this server yet. Please try again later or contact support.',
  );

/** Checkout, and the Stripe webhook that alone changes a plan (decision 0010). */
export function registerBillingRoutes(
  fastify: FastifyInstance,
  deps: { db: Database; env: Env; accountChanges: AccountChanges },
): void {
  const { db, env, accountChanges } = deps;
  const settings = stripeSettingsFrom(env);
  const stripe = settings ? { settings, client: createStripeClient(settings) } : null;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/api/billing/config', { schema: { response: { 200: BillingConfigSchema } } }, () => ({
    publishableKey: stripe ? (env.STRIPE_PUBLISHABLE_KEY ?? null) : null,
  }));

  app.post(
    '/api/create-subscription',
    {
      onRequest: signedIn,
      schema: {
        body: CreateSubscriptionInputSchema,
        response: { 200: CreateSubscriptionResponseSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (!stripe) throw notConfigured();
      const clientSecret = await createSubscription({
        db,
        stripe: stripe.client,
        settings: stripe.settings,
        user,
        plan: request.body.plan,
      });
      // The account may hold its new Stripe customer now.
      accountChanges.publish({ userId: user.id });
      return { clientSecret };
    },
  );

  // The signature covers the exact bytes Stripe sent, so this scope keeps the body raw.
  void fastify.register(async (scope) => {
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        STRIPE_WEBHOOK_PATH,
        { schema: { response: { 200: z.object({ received: z.literal(true) }) } } },
        async (request) => {
          if (!stripe || !env.STRIPE_WEBHOOK_SECRET) throw notConfigured();
          const event = verifiedStripeEvent({
            stripe: stripe.client,
            payload: rawBody(request.body),
            header: request.headers['stripe-signature'],
            secret: env.STRIPE_WEBHOOK_SECRET,
          });
          const outcome = await applyStripeEvent({ db, settings: stripe.settings, event });
          request.log.info(
            { eventId: event.id, type: event.type, applied: outcome.applied },
            'stripe event',
          );
          for (const change of outcome.planChanges) {
            accountChanges.publish({ userId: change.userId });
            await recordAudit(db, request, {
              action: 'billing.plan_changed',
              target: { type: 'user', id: change.userId },
              details: {
                subscriptionPlan: change.subscriptionPlan,
                subscriptionStatus: change.subscriptionStatus,
                stripeEvent: event.id,
                stripeEventType: event.type,
              },
            });
          }
          return { received: true as const };
        },
      );
  });
}

/** The bytes as received: a Buffer from the parser above, text from Fastify's own for text. */
function rawBody(body: unknown): Buffer | string {
  return typeof body === 'string' || Buffer.isBuffer(body) ? body : Buffer.alloc(0);
}
