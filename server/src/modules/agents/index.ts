export { registerAgentRoutes } from './routes';
export { roleModelSettings } from './role-models';
