// The runtimes module's public entry: which language runtimes this server has (found once at
// start-up), and the message a run gets when the one it needs is missing.
export { RUNTIMES, runtimeDefinition, runtimeOfLanguage, type RuntimeDefinition } from './catalog';
export {
  detectRuntimes,
  runtimesOfThisServer,
  type DetectRuntimesOptions,
} from './detect-runtimes';
export {
  missingRuntimeMessage,
  requireRuntime,
  runtimeOfCommand,
  versionAtLeast,
  type RuntimeNeed,
} from './require-runtime';
