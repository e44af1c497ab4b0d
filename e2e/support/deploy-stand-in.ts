/**
 * The API key the suite's Vercel, Netlify and Railway stand-in accepts
 * (server/src/test/deploy-stand-in-server.ts, started by playwright.config.ts).
 */
export const E2E_DEPLOY_KEY = 'e2e-deploy-key-5kT9';
