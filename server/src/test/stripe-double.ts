import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StripeCall {
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  form: URLSearchParams;
}

/** A customer whose email contains this has every checkout declined (for end-to-end tests). */
export const DECLINED_EMAIL_MARK = 'declined';

/**
 * A stand-in for Stripe's API at its HTTP boundary (DESIGN.md 5): customers and subscriptions,
 * answered as Stripe would, with every call recorded. `failNext` makes the next call fail.
 */
export async function startStripeDouble(options: { port?: number } = {}) {
  const declinedCustomers = new Set<string>();
  const calls: StripeCall[] = [];
  let failure: { status: number; message: string } | null = null;
  let sequence = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      calls.push({
        path: request.url ?? '',
        authorization: request.headers.authorization,
        idempotencyKey: request.headers['idempotency-key'] as string | undefined,
        form,
      });
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (failure) {
        const { status, message } = failure;
        failure = null;
        return send(status, { error: { type: 'invalid_request_error', message } });
      }
      sequence += 1;
      if (request.url === '/v1/customers') {
        const id = `cus_test${sequence}`;
        if (form.get('email')?.includes(DECLINED_EMAIL_MARK)) declinedCustomers.add(id);
        return send(200, { id });
      }
      if (
        request.url === '/v1/subscriptions' &&
        declinedCustomers.has(form.get('customer') ?? '')
      ) {
        return send(402, { error: { type: 'card_error', message: 'Your card was declined.' } });
      }
      if (request.url === '/v1/subscriptions') {
        return send(200, {
          id: `sub_test${sequence}`,
          status: 'incomplete',
          latest_invoice: { payment_intent: { client_secret: `pi_test${sequence}_secret_abc` } },
        });
      }
      send(404, { error: { message: `Unrecognized request URL (POST: ${request.url})` } });
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
