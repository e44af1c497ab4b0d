import { createHmac } from 'node:crypto';

/**
 * A `Stripe-Signature` header as Stripe signs a webhook delivery: HMAC-SHA256 of
 * `<t>.<body>` under the endpoint's secret. Written out here rather than borrowed from the
 * `stripe` SDK, so the tests check the SDK's verification against the scheme, not against itself.
 */
export function stripeSignatureHeader(options: {
  payload: string;
  secret: string;
  /** Seconds since the epoch; now by default. */
  timestamp?: number;
  /** `v1` is the scheme Stripe signs with; tests give another to see it refused. */
  scheme?: string;
}): string {
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const signature = createHmac('sha256', options.secret)
    .update(`${timestamp}.${options.payload}`)
    .digest('hex');
  return `t=${timestamp},${options.scheme ?? 'v1'}=${signature}`;
}
