import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { policyMarkdown } from './src/features/legal/policy-plugin.ts';

// In development Vite serves the client on :5000 and forwards API and socket traffic to the
// server (see scripts/dev.mjs); in production the server serves the built files itself.
const apiTarget = process.env.KILN_API_URL ?? 'http://127.0.0.1:5010';

export default defineConfig({
  plugins: [react(), tailwindcss(), policyMarkdown()],
  resolve: {
    alias: {
      // React 19 has the hook: wouter's shim for older Reacts is not shipped (src/lib/...).
      'use-sync-external-store/shim/index.js': fileURLToPath(
        new URL('./src/lib/use-sync-external-store.ts', import.meta.url),
      ),
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5000,
    strictPort: true,
    proxy: {
      // ws: the terminal's WebSocket is an /api route (/api/terminal/{projectId}).
      '/api': { target: apiTarget, changeOrigin: false, ws: true },
      '/ws': { target: apiTarget, ws: true },
    },
  },
  build: {
    target: 'es2022',
    // Maps are built for reading a production stack trace, never referenced or served.
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // What every page runs (React, the router, TanStack Query, cn's clsx) in one file
              // rather than five chunks: 1.3 KB less gzip on each first visit
              // (bench/page-weight).
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|@tanstack[\\/](query-core|react-query)|clsx|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
