import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The Express server's port in development (server/index.js listens on PORT, 3001 by default).
const apiPort = Number(process.env.API_PORT) || 3001;

// https://vite.dev/config/
export default defineConfig({
  plugins: [react()],
  server: {
    // Forward API calls to the Express server during development (npm run dev).
    proxy: {
      '/api': `http://localhost:${apiPort}`,
    },
  },
});
