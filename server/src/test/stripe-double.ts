import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StripeCall {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  /** The `Stripe-Version` the caller asked for. */
  stripeVersion: string | undefined;
  form: URLSearchParams;
}

/** A customer whose email contains this has every checkout declined (for end-to-end tests). */
export const DECLINED_EMAIL_MARK = 'declined';

/**
 * What a subscription can expand, as the current API versions answer: the first invoice, and
 * its `confirmation_secret`, which Stripe sends only when asked. The invoice's old
 * `payment_intent` is gone, and expanding it is refused as Stripe refuses it.
 */
const EXPANDABLE = new Set(['latest_invoice', 'latest_invoice.confirmation_secret']);

/** `expand[]=a` or the SDK's `expand[0]=a`: every expansion asked for. */
const expansionsOf = (form: URLSearchParams) =>
  [...form].filter(([key]) => /^expand\[\d*\]$/.test(key)).map(([, value]) => value);

/**
 * A stand-in for Stripe's API at its HTTP boundary (decision 0010), on 127.0.0.1 only: customers
 * and subscriptions, answered as the API version the `stripe` SDK pins would answer, with every
 * call recorded. `failNext` makes the next call fail; `nextInvoiceNeedsNoPayment` makes the
 * next subscription's first invoice one with nothing to pay, so it has no confirmation secret.
 */
export async function startStripeDouble(options: { port?: number } = {}) {
  const declinedCustomers = new Set<string>();
  const calls: StripeCall[] = [];
  let failure: { status: number; message: string } | null = null;
  let nothingToPay = false;
  let sequence = 0;

  const send = (response: http.ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const refuse = (response: http.ServerResponse, status: number, type: string, message: string) =>
    send(response, status, { error: { type, message } });

  const customer = (form: URLSearchParams) => {
    const id = `cus_test${sequence}`;
    if (form.get('email')?.includes(DECLINED_EMAIL_MARK)) declinedCustomers.add(id);
    return {
      id,
      object: 'customer',
      email: form.get('email'),
      name: form.get('name'),
      metadata: { userId: form.get('metadata[userId]') },
      livemode: false,
    };
  };

  const subscription = (form: URLSearchParams, expand: string[]) => {
    const invoiceId = `in_test${sequence}`;
    const invoice = {
      id: invoiceId,
      object: 'invoice',
      status: 'open',
      customer: form.get('customer'),
      ...(expand.includes('latest_invoice.confirmation_secret')
        ? {
            confirmation_secret: nothingToPay
              ? null
              : { client_secret: `pi_test${sequence}_secret_abc`, type: 'payment_intent' },
          }
        : {}),
    };
    nothingToPay = false;
    const invoiceExpanded = expand.some((path) => path.startsWith('latest_invoice'));
    return {
      id: `sub_test${sequence}`,
      object: 'subscription',
      customer: form.get('customer'),
      status: 'incomplete',
      metadata: { userId: form.get('metadata[userId]'), plan: form.get('metadata[plan]') },
      items: {
        object: 'list',
        data: [
          {
            id: `si_test${sequence}`,
            object: 'subscription_item',
            price: { id: form.get('items[0][price]'), object: 'price' },
          },
        ],
      },
      latest_invoice: invoiceExpanded ? invoice : invoiceId,
    };
  };

  const answer = (
    request: http.IncomingMessage,
    response: http.ServerResponse,
    form: URLSearchParams,
  ) => {
    if (failure) {
      const { status, message } = failure;
      failure = null;
      return refuse(response, status, 'invalid_request_error', message);
    }
    sequence += 1;
    const route = `${request.method} ${request.url}`;
    if (route === 'POST /v1/customers') return send(response, 200, customer(form));
    if (route === 'POST /v1/subscriptions') {
      const expand = expansionsOf(form);
      const unknown = expand.find((path) => !EXPANDABLE.has(path));
      if (unknown) {
        const message = `This property cannot be expanded (${unknown}).`;
        return refuse(response, 400, 'invalid_request_error', message);
      }
      if (declinedCustomers.has(form.get('customer') ?? '')) {
        return refuse(response, 402, 'card_error', 'Your card was declined.');
      }
      return send(response, 200, subscription(form, expand));
    }
    const message = `Unrecognized request URL (${request.method}: ${request.url})`;
    refuse(response, 404, 'invalid_request_error', message);
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      calls.push({
        method: request.method ?? '',
        path: request.url ?? '',
        authorization: request.headers.authorization,
        idempotencyKey: request.headers['idempotency-key'] as string | undefined,
        stripeVersion: request.headers['stripe-version'] as string | undefined,
        form,
      });
      answer(request, response, form);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    failNext(status: number, message: string) {
      failure = { status, message };
    },
    nextInvoiceNeedsNoPayment() {
      nothingToPay = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
