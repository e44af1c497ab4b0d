import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../lib/app-error';

/** Stripe's own default: an event signed more than five minutes ago may be a replay. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const invalid = (reason: string) =>
  new AppError('VALIDATION_FAILED', `Invalid Stripe signature: ${reason}`);

export function signPayload(secret: string, timestamp: number, payload: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(payload).digest('hex');
}

/**
 * Checks a `Stripe-Signature` header (`t=<seconds>,v1=<hex>[,v1=...]`) against the raw body,
 * as Stripe documents it: HMAC-SHA256 of `<t>.<body>` under the endpoint's secret.
 */
export function verifyStripeSignature(options: {
  header: string | undefined;
  payload: Buffer;
  secret: string;
  now?: number;
}): void {
  if (!options.header) throw invalid('the Stripe-Signature header is missing');
  const parts = options.header.split(',').map((part) => part.split('=', 2) as [string, string?]);
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  const signatures = parts.filter(([key]) => key === 'v1').map(([, value]) => value ?? '');
  if (!Number.isInteger(timestamp) || signatures.length === 0) {
    throw invalid('the header has no timestamp or no v1 signature');
  }
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > SIGNATURE_TOLERANCE_SECONDS) {
    throw invalid('the timestamp is outside the tolerance');
  }
  const expected = Buffer.from(signPayload(options.secret, timestamp, options.payload), 'hex');
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw invalid('no signature matches the payload');
}
