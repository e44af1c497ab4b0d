// The env-vars module's public entry: a project's variables as a run's environment.
export { projectRunEnvironment, type EnvVarDeps } from './service';
