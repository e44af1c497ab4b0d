// The presence module's public entry: the collaboration socket, GET /ws.
export { registerPresenceRoutes, type PresenceRouteDeps } from './routes';
export { canJoinProject } from './access';
