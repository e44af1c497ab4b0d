import type { DatabaseBackend } from '@kiln/shared';

/**
 * A drizzle.config.ts that points `drizzle-kit studio` at the project's database: the PGlite
 * folder under the server's DATA_DIR, or the project's database on the PostgreSQL server.
 */
export function drizzleConfig(backend: DatabaseBackend, location: string): string {
  const credentials =
    backend === 'pglite'
      ? `  driver: 'pglite',\n  dbCredentials: { url: '${location}' },`
      : `  dbCredentials: { url: 'postgres://ADMIN:PASSWORD@HOST:5432/${location}' },`;
  return [
    "import { defineConfig } from 'drizzle-kit';",
    '',
    'export default defineConfig({',
    "  dialect: 'postgresql',",
    credentials,
    '});',
    '',
  ].join('\n');
}
