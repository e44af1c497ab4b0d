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
import { requireUser, signedIn } from '../auth/policy';
import { applyStripeEvent, createSubscription, type StripeEvent } from './service';
import type { StripeSettings } from './stripe-api';
import { verifyStripeSignature } from './webhook-signature';

export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

/** Stripe's events are small; anything larger is not one. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/** Paid plans are sold only when every piece is configured (DESIGN.md 4, billing). */
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

/** Spec accounts 7: checkout; and the Stripe webhook that alone changes a plan (DESIGN.md 3). */
export function registerBillingRoutes(
  fastify: FastifyInstance,
  deps: { db: Database; env: Env },
): void {
  const { db, env } = deps;
  const settings = stripeSettingsFrom(env);
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/api/billing/config', { schema: { response: { 200: BillingConfigSchema } } }, () => ({
    publishableKey: settings ? (env.STRIPE_PUBLISHABLE_KEY ?? null) : null,
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
      if (!settings) throw notConfigured();
      const clientSecret = await createSubscription({
        db,
        settings,
        user,
        plan: request.body.plan,
      });
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
          if (!settings || !env.STRIPE_WEBHOOK_SECRET) throw notConfigured();
          const payload = request.body as Buffer;
          verifyStripeSignature({
            header: request.headers['stripe-signature'] as string | undefined,
            payload,
            secret: env.STRIPE_WEBHOOK_SECRET,
          });
          const event = parseEvent(payload);
          const applied = await applyStripeEvent({ db, settings, event });
          request.log.info({ eventId: event.id, type: event.type, applied }, 'stripe event');
          return { received: true as const };
        },
      );
  });
}

function parseEvent(payload: Buffer): StripeEvent {
  let event: Partial<StripeEvent>;
  try {
    event = JSON.parse(payload.toString('utf8')) as Partial<StripeEvent>;
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The event is not JSON');
  }
  if (typeof event.id !== 'string' || typeof event.type !== 'string') {
    throw new AppError('VALIDATION_FAILED', 'The event has no id or type');
  }
  return event as StripeEvent;
}
