import type { IncomingHttpHeaders } from 'node:http';
import Stripe from 'stripe';
import { AppError } from '../../lib/app-error';

/** Stripe's own default: an event signed more than five minutes ago may be a replay. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

const invalid = (reason: string) =>
  new AppError('VALIDATION_FAILED', `Invalid Stripe signature: ${reason}`);

const TIMESTAMP_OUTSIDE_TOLERANCE = 'the timestamp is outside the tolerance';
const MALFORMED_HEADER = 'the header has no timestamp or no v1 signature';

/**
 * The SDK's refusals, by how its message starts, in the words Kiln's webhook has always
 * answered with; anything else it refuses is reported as a mismatch.
 */
const REASONS: ReadonlyArray<readonly [sdkMessage: string, reason: string]> = [
  ['No stripe-signature header value', 'the Stripe-Signature header is missing'],
  ['Unable to extract timestamp', MALFORMED_HEADER],
  ['No signatures found with expected scheme', MALFORMED_HEADER],
  ['Timestamp outside the tolerance', TIMESTAMP_OUTSIDE_TOLERANCE],
];
const MISMATCH = 'no signature matches the payload';

/**
 * A webhook delivery as a Stripe event, once the SDK has checked its `Stripe-Signature` against
 * the exact bytes received (docs/decisions/0010-billing-with-stripe.md). Anything unverified is
 * refused with 400 before Kiln reads a byte of it.
 */
export function verifiedStripeEvent(options: {
  stripe: Stripe;
  payload: Buffer | string;
  header: IncomingHttpHeaders[string];
  secret: string;
}): Stripe.Event {
  // Node joins a repeated header with commas, so a list never arrives; this is that join.
  const header = Array.isArray(options.header) ? options.header.join(',') : options.header;
  if (!header) throw invalid('the Stripe-Signature header is missing');
  const receivedAt = Date.now();
  let event: unknown;
  try {
    event = options.stripe.webhooks.constructEvent(
      options.payload,
      header,
      options.secret,
      SIGNATURE_TOLERANCE_SECONDS,
      undefined,
      receivedAt,
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      const reason = REASONS.find(([sdkMessage]) => error.message.startsWith(sdkMessage))?.[1];
      throw invalid(reason ?? MISMATCH);
    }
    if (error instanceof SyntaxError)
      throw new AppError('VALIDATION_FAILED', 'The event is not JSON');
    throw error;
  }
  // The SDK refuses only signatures older than the tolerance; Kiln has always refused those
  // dated as far ahead of its clock too, so a clock that drifted shows up as refused events.
  if (signedAt(header) * 1000 - receivedAt > SIGNATURE_TOLERANCE_SECONDS * 1000) {
    throw invalid(TIMESTAMP_OUTSIDE_TOLERANCE);
  }
  if (!isEvent(event)) throw new AppError('VALIDATION_FAILED', 'The event has no id or type');
  return event;
}

/** The header's `t`, in seconds, read as the SDK reads it (the last one counts). */
function signedAt(header: string): number {
  const stamps = header
    .split(',')
    .map((part) => part.split('='))
    .filter(([key]) => key === 't');
  return Number.parseInt(stamps.at(-1)?.[1] ?? '', 10);
}

/** Stripe's events always carry both; a signed payload without them is not one. */
function isEvent(value: unknown): value is Stripe.Event {
  if (typeof value !== 'object' || value === null) return false;
  const { id, type } = value as { id?: unknown; type?: unknown };
  return typeof id === 'string' && typeof type === 'string';
}
