// The members module's public entry: who may work in a project besides its owner.
export { createMemberJobs, type MemberJobs } from './jobs';
export { registerMemberRoutes } from './routes';
export {
  accessEndedMessage,
  canStillEdit,
  createAccessChanges,
  type AccessChange,
  type AccessChanges,
} from './access-changes';
