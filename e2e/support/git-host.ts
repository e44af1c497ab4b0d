import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The e2e suite's Git host (git-server-entry.ts): its address, set by playwright.config.ts, and
 * the account and token it accepts. Specs reach it with the `git` command line as another
 * person would, the token in an Authorization header, never in a URL.
 */
export const E2E_GIT_TOKEN = 'kiln-e2e-git-token';
export const E2E_GIT_USER = 'kiln-tester';

export function gitHostUrl(): string {
  const url = process.env.KILN_E2E_GIT_URL;
  if (!url) throw new Error('KILN_E2E_GIT_URL is set by e2e/playwright.config.ts');
  return url;
}

/** Creates an empty repository (first branch main) on the host; a public one reads without a token. */
export async function createGitRepo(
  owner: string,
  name: string,
  options: { isPublic?: boolean } = {},
): Promise<void> {
  const response = await fetch(`${gitHostUrl()}/_e2e/repos`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ owner, name, isPublic: options.isPublic ?? false }),
  });
  if (response.status !== 201) throw new Error(`createGitRepo: ${response.status}`);
}

const AUTH_HEADER = `Authorization: Basic ${Buffer.from(`${E2E_GIT_USER}:${E2E_GIT_TOKEN}`).toString('base64')}`;

/** A `git` that reads no configuration of this machine's user, as someone else's machine. */
function gitEnv(home: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: home,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
    GIT_AUTHOR_NAME: 'Other Person',
    GIT_AUTHOR_EMAIL: 'other@example.com',
    GIT_COMMITTER_NAME: 'Other Person',
    GIT_COMMITTER_EMAIL: 'other@example.com',
  };
}

/** A working copy of a repository on the host, with `git` run in it. */
export interface Clone {
  dir: string;
  git(...args: string[]): Promise<string>;
}

export async function cloneGitRepo(owner: string, name: string): Promise<Clone> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'kiln-e2e-clone-'));
  const dir = path.join(root, name);
  const env = gitEnv(root);
  const git = async (cwd: string, args: string[]) =>
    (await run('git', ['-c', `http.extraHeader=${AUTH_HEADER}`, ...args], { cwd, env })).stdout;
  await git(root, ['clone', '-q', `${gitHostUrl()}/${owner}/${name}.git`, dir]);
  return { dir, git: (...args) => git(dir, args) };
}
