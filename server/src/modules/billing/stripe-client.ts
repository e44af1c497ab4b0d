import type { PaidPlan } from '@kiln/shared';
import Stripe from 'stripe';

export interface StripeSettings {
  secretKey: string;
  /** `STRIPE_API_URL`: Stripe itself in production, a local stand-in in tests. */
  apiUrl: string;
  prices: Record<PaidPlan, string>;
}

/**
 * The API version Kiln speaks: the one the installed `stripe` SDK pins, so the SDK's types
 * describe exactly the objects Stripe answers. Upgrading the SDK to one that pins another
 * version stops this line compiling, so the move to a new version is made on purpose.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' satisfies Stripe.LatestApiVersion;

/** Someone is waiting on the subscribe page; past this, they are told the provider failed. */
const TIMEOUT_MS = 15_000;

export function createStripeClient(settings: Pick<StripeSettings, 'secretKey' | 'apiUrl'>): Stripe {
  return new Stripe(settings.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    ...stripeAddress(settings.apiUrl),
    timeout: TIMEOUT_MS,
    // One attempt, as the checkout has always made: a failure is shown to the person at once
    // (docs/decisions/0010-billing-with-stripe.md) rather than after retries they wait through.
    maxNetworkRetries: 0,
  });
}

/**
 * `STRIPE_API_URL` as the SDK's host, port and protocol. The SDK defaults the port to 443
 * whatever the protocol, so a plain-http URL without a port (a stand-in) needs 80 spelled out.
 * Like Kiln's own calls before the SDK, only the origin counts: Stripe's paths start at `/v1`.
 */
export function stripeAddress(apiUrl: string): {
  host: string;
  port: number;
  protocol: 'http' | 'https';
} {
  const url = new URL(apiUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`STRIPE_API_URL must be an http or https URL, not ${apiUrl}`);
  }
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    // An IPv6 literal is bracketed in a URL but not in a socket's host.
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}
