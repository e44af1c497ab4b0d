// Serves the model stand-in on MODEL_STAND_IN_PORT for the end-to-end suite, with its scenarios.
import { E2E_SCENARIOS, startModelStandIn } from './model-stand-in';

const standIn = await startModelStandIn({
  port: Number(process.env.MODEL_STAND_IN_PORT ?? 0),
  scenarios: E2E_SCENARIOS,
});
process.stdout.write(`Model stand-in at ${standIn.url}\n`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void standIn.close().then(() => process.exit(0)));
}
