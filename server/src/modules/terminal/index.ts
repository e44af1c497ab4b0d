// The terminal module's public entry (decision 0016).
export { registerTerminalRoutes, type TerminalRouteDeps } from './routes';
export { TerminalRegistry } from './terminal-registry';
