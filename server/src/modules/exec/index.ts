// The exec module's public entry: running a project's file in the sandbox.
export * from './service';
