// Serves the Stripe stand-in on STRIPE_DOUBLE_PORT for the end-to-end suite (e2e/playwright.config.ts).
import { startStripeDouble } from './stripe-double';

const stripe = await startStripeDouble({ port: Number(process.env.STRIPE_DOUBLE_PORT) });
process.stdout.write(`Stripe stand-in at ${stripe.url}\n`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void stripe.close().then(() => process.exit(0)));
}
