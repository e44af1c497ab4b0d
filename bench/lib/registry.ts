import { execFileSync } from 'node:child_process';

/**
 * The registry this machine's npm uses. npm sets npm_config_registry for its scripts; run
 * directly, npm is asked (outside any workspace, whose settings would not apply).
 */
export function machineRegistry(): string {
  return (
    process.env.npm_config_registry ??
    execFileSync('npm', ['config', 'get', 'registry', '--workspaces=false'], {
      encoding: 'utf8',
    }).trim()
  );
}
