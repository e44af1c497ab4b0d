// Serves the Vercel, Netlify and Railway stand-ins on DEPLOY_STAND_IN_PORT for the end-to-end
// suite; each build runs for one look before it is ready, so the editor shows it building.
import { startDeployStandIn } from './deploy-stand-ins';

const standIn = await startDeployStandIn({
  port: Number(process.env.DEPLOY_STAND_IN_PORT ?? 0),
  pollsBeforeDone: 1,
  ...(process.env.DEPLOY_STAND_IN_KEY ? { key: process.env.DEPLOY_STAND_IN_KEY } : {}),
});
process.stdout.write(`Deploy stand-in at ${standIn.url}\n`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void standIn.close().then(() => process.exit(0)));
}
