/**
 * The e2e server shares one database between all specs, running in parallel, so "the first
 * account on the instance" is whichever spec signs up first. The administrator the admin spec
 * uses is named instead, through ADMIN_EMAILS (set in playwright.config.ts).
 */
export const E2E_ADMIN_EMAIL = 'portal-admin@example.com';
export const E2E_ADMIN_PASSWORD = 'portal-admin-secret';
