// `npm run dev` at the root starts the API and Vite together. Vite forwards `/api` to the API
// (vite.config.js), so Vite starts only once the API listens: the page's first request then finds
// it, on a slow machine too. After a minute Vite starts anyway, and says why.
import { connect } from 'node:net';

// The port vite.config.js forwards `/api` to.
const API_PORT = Number(process.env.API_PORT) || 3001;
const deadline = Date.now() + 60_000;

function apiListens() {
  return new Promise((resolve) => {
    const socket = connect({ port: API_PORT, host: 'localhost' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

while (!(await apiListens())) {
  if (Date.now() > deadline) {
    console.warn(`The API is not listening on port ${API_PORT}; starting Vite anyway.`);
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
}
