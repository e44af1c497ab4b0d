import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const HTTP_BACKEND = '/usr/lib/git-core/git-http-backend';

/**
 * A real Git smart-HTTP server for tests: Debian git's `git http-backend` run as a CGI behind a
 * small Node HTTP server that asks for Basic authentication with the token as the password, as
 * GitHub, Gitea and GitLab do. Repositories live in a throwaway folder. With `api: 'gitea'` it
 * also answers the few Gitea REST calls Kiln makes (version, user, repositories, branches).
 */
export interface GitServer {
  baseUrl: string;
  token: string;
  username: string;
  root: string;
  /** Every request: method, path and whether it carried the right token. */
  requests: { method: string; url: string; authorized: boolean }[];
  /** Creates an empty bare repository whose first branch is `main`. */
  createRepo(owner: string, name: string, options?: { public?: boolean }): Promise<void>;
  url(owner: string, name: string): string;
  /** A working copy of a repository, as a person with the `git` command line has. */
  clone(owner: string, name: string): Promise<WorkingCopy>;
  /** `git` in the bare repository itself. */
  bareGit(owner: string, name: string, args: string[]): Promise<string>;
  protectedBranches: Set<string>;
  close(): Promise<void>;
}

export interface WorkingCopy {
  dir: string;
  git(args: string[]): Promise<string>;
  write(file: string, content: string | Buffer): Promise<void>;
  remove(file: string): Promise<void>;
  read(file: string): Promise<Buffer>;
  /** Adds everything, commits and pushes the current branch. */
  commitAndPush(message: string): Promise<string>;
}

/** A `git` that reads no configuration of this machine's user. */
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

export async function startGitServer(
  options: { token?: string; username?: string; api?: 'gitea' | 'none' } = {},
): Promise<GitServer> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'kiln-git-server-'));
  const repos = path.join(root, 'repos');
  const home = path.join(root, 'home');
  await fs.mkdir(repos);
  await fs.mkdir(home);
  const token = options.token ?? `tok_${Math.random().toString(36).slice(2)}${Date.now()}`;
  const username = options.username ?? 'kiln-tester';
  const publicRepos = new Set<string>();
  const protectedBranches = new Set<string>();
  const requests: GitServer['requests'] = [];

  const authorized = (request: http.IncomingMessage) => {
    const header = request.headers.authorization ?? '';
    if (header.startsWith('Basic ')) {
      const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
      return decoded.slice(decoded.indexOf(':') + 1) === token;
    }
    return header === `token ${token}`;
  };

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://git.test');
    const ok = authorized(request);
    requests.push({ method: request.method ?? 'GET', url: request.url ?? '', authorized: ok });
    if (url.pathname.startsWith('/api/v1/')) {
      void answerApi(url, ok, response).catch(() => {
        response.statusCode = 500;
        response.end();
      });
      return;
    }
    const repo = /^\/([^/]+\/[^/]+\.git)\//.exec(url.pathname)?.[1];
    const pushing =
      url.searchParams.get('service') === 'git-receive-pack' ||
      url.pathname.endsWith('/git-receive-pack');
    if (!ok && (pushing || !repo || !publicRepos.has(repo))) {
      response.writeHead(401, { 'www-authenticate': 'Basic realm="git"' });
      response.end('Authentication required\n');
      return;
    }
    const child = spawn(HTTP_BACKEND, [], {
      env: {
        ...gitEnv(home),
        GIT_PROJECT_ROOT: repos,
        GIT_HTTP_EXPORT_ALL: '1',
        PATH_INFO: url.pathname,
        QUERY_STRING: url.search.slice(1),
        REQUEST_METHOD: request.method ?? 'GET',
        CONTENT_TYPE: request.headers['content-type'] ?? '',
        ...(request.headers['content-encoding']
          ? { HTTP_CONTENT_ENCODING: request.headers['content-encoding'] }
          : {}),
        ...(request.headers['git-protocol']
          ? { GIT_PROTOCOL: String(request.headers['git-protocol']) }
          : {}),
        REMOTE_ADDR: '127.0.0.1',
        ...(ok ? { REMOTE_USER: username } : {}),
      },
    });
    request.pipe(child.stdin);
    let head = Buffer.alloc(0);
    let headersSent = false;
    child.stdout.on('data', (chunk: Buffer) => {
      if (headersSent) {
        response.write(chunk);
        return;
      }
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end === -1) return;
      let status = 200;
      for (const line of head.subarray(0, end).toString('latin1').split('\r\n')) {
        const colon = line.indexOf(':');
        const name = line.slice(0, colon).trim();
        const value = line.slice(colon + 1).trim();
        if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10);
        else response.setHeader(name, value);
      }
      response.statusCode = status;
      headersSent = true;
      response.write(head.subarray(end + 4));
    });
    child.stdout.on('end', () => response.end());
    child.on('error', () => {
      response.statusCode = 500;
      response.end();
    });
  });

  async function answerApi(url: URL, ok: boolean, response: http.ServerResponse) {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (options.api !== 'gitea') return send(404, { message: 'Not Found' });
    if (url.pathname === '/api/v1/version') return send(200, { version: '1.22.0' });
    if (!ok) return send(401, { message: 'token is required' });
    if (url.pathname === '/api/v1/user') return send(200, { login: username, id: 7 });
    if (url.pathname === '/api/v1/user/repos') {
      const list = [];
      for (const owner of await fs.readdir(repos)) {
        for (const name of await fs.readdir(path.join(repos, owner))) {
          const repo = name.replace(/\.git$/, '');
          list.push({
            id: list.length + 1,
            name: repo,
            full_name: `${owner}/${repo}`,
            description: `The ${repo} repository`,
            private: !publicRepos.has(`${owner}/${name}`),
            default_branch: 'main',
            html_url: `${baseUrl}/${owner}/${repo}`,
            owner: { login: owner },
          });
        }
      }
      return send(200, url.searchParams.get('page') === '1' ? list : []);
    }
    const branches = /^\/api\/v1\/repos\/([^/]+)\/([^/]+)\/branches$/.exec(url.pathname);
    if (branches) {
      const names = await bareGit(branches[1]!, branches[2]!, [
        'for-each-ref',
        '--format=%(refname:short)',
        'refs/heads/',
      ]);
      return send(
        200,
        names
          .split('\n')
          .filter(Boolean)
          .map((name) => ({ name, protected: protectedBranches.has(name) })),
      );
    }
    return send(404, { message: 'Not Found' });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const repoDir = (owner: string, name: string) => path.join(repos, owner, `${name}.git`);
  const authHeader = `Authorization: Basic ${Buffer.from(`${username}:${token}`).toString('base64')}`;

  async function bareGit(owner: string, name: string, args: string[]) {
    const { stdout } = await run('git', args, { cwd: repoDir(owner, name), env: gitEnv(home) });
    return stdout;
  }

  let clones = 0;
  return {
    baseUrl,
    token,
    username,
    root,
    requests,
    protectedBranches,
    url: (owner, name) => `${baseUrl}/${owner}/${name}.git`,
    async createRepo(owner, name, repoOptions = {}) {
      await fs.mkdir(path.join(repos, owner), { recursive: true });
      await run('git', ['init', '--bare', '--initial-branch=main', repoDir(owner, name)], {
        env: gitEnv(home),
      });
      await bareGit(owner, name, ['config', 'http.receivepack', 'true']);
      if (repoOptions.public) publicRepos.add(`${owner}/${name}.git`);
    },
    bareGit,
    async clone(owner, name) {
      clones += 1;
      const dir = path.join(root, `clone-${clones}`);
      // The token travels in a header, as a credential helper would send it: never in the URL.
      const git = async (args: string[]) => {
        const { stdout } = await run('git', ['-c', `http.extraHeader=${authHeader}`, ...args], {
          cwd: dir,
          env: gitEnv(home),
          maxBuffer: 64 * 1024 * 1024,
        });
        return stdout;
      };
      await run(
        'git',
        ['-c', `http.extraHeader=${authHeader}`, 'clone', `${baseUrl}/${owner}/${name}.git`, dir],
        { env: gitEnv(home) },
      );
      return {
        dir,
        git,
        async write(file, content) {
          await fs.mkdir(path.dirname(path.join(dir, file)), { recursive: true });
          await fs.writeFile(path.join(dir, file), content);
        },
        async remove(file) {
          await fs.rm(path.join(dir, file), { recursive: true });
        },
        read: (file) => fs.readFile(path.join(dir, file)),
        async commitAndPush(message) {
          await git(['add', '-A']);
          await git(['commit', '-q', '-m', message]);
          const branch = (await git(['rev-parse', '--abbrev-ref', 'HEAD'])).trim();
          await git(['push', '-q', 'origin', `HEAD:refs/heads/${branch}`]);
          return (await git(['rev-parse', 'HEAD'])).trim();
        },
      };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await fs.rm(root, { recursive: true, force: true });
    },
  };
}

/** The settings that let a test's Kiln reach Git servers on this machine (host-guard.ts). */
export const LOCAL_GIT_HOSTS = { GIT_PRIVATE_HOSTS: '127.0.0.1,localhost' } as const;
