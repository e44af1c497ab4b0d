import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for GitHub's REST API (GITHUB_API_URL in tests): the calls Kiln makes, for one
 * account and one token, so no test reaches the internet.
 */
export interface GitHubDouble {
  apiUrl: string;
  token: string;
  login: string;
  repositories: {
    name: string;
    owner: string;
    private: boolean;
    description: string | null;
    defaultBranch: string;
    branches: { name: string; protected: boolean }[];
  }[];
  /** The OAuth app it knows, and the one code it grants a token for. */
  oauth: { clientId: string; clientSecret: string; code: string };
  /** Every request: method, path, and the Authorization header it carried. */
  requests: { method: string; url: string; authorization: string | undefined }[];
  close(): Promise<void>;
}

export async function startGitHubDouble(
  options: { token?: string; login?: string } = {},
): Promise<GitHubDouble> {
  const token = options.token ?? 'ghp_double_0123456789abcdef';
  const login = options.login ?? 'octocat';
  const double: GitHubDouble = {
    apiUrl: '',
    token,
    login,
    oauth: { clientId: 'kiln-oauth-app', clientSecret: 'oauth-secret-1234', code: 'granted-code' },
    repositories: [],
    requests: [],
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://api.github.test');
    double.requests.push({
      method: request.method ?? 'GET',
      url: request.url ?? '',
      authorization: request.headers.authorization,
    });
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/login/oauth/access_token' && request.method === 'POST') {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      request.on('end', () => {
        const body = JSON.parse(raw || '{}') as Record<string, string>;
        const granted =
          body.client_id === double.oauth.clientId &&
          body.client_secret === double.oauth.clientSecret &&
          body.code === double.oauth.code;
        send(
          200,
          granted
            ? { access_token: token, token_type: 'bearer', scope: 'repo' }
            : {
                error: 'bad_verification_code',
              },
        );
      });
      return;
    }
    const auth = request.headers.authorization ?? '';
    if (auth !== `token ${token}` && auth !== `Bearer ${token}`) {
      return send(401, { message: 'Bad credentials', status: '401' });
    }
    if (url.pathname === '/user') return send(200, { login, id: 583231 });
    if (url.pathname === '/user/repos') {
      return send(
        200,
        double.repositories.map((repo, index) => ({
          id: 1000 + index,
          name: repo.name,
          full_name: `${repo.owner}/${repo.name}`,
          owner: { login: repo.owner },
          description: repo.description,
          private: repo.private,
          default_branch: repo.defaultBranch,
          html_url: `https://github.com/${repo.owner}/${repo.name}`,
        })),
      );
    }
    const branches = /^\/repos\/([^/]+)\/([^/]+)\/branches$/.exec(url.pathname);
    if (branches) {
      const repo = double.repositories.find(
        (candidate) => candidate.owner === branches[1] && candidate.name === branches[2],
      );
      if (!repo) return send(404, { message: 'Not Found' });
      return send(
        200,
        repo.branches.map((branch) => ({ name: branch.name, protected: branch.protected })),
      );
    }
    return send(404, { message: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  double.apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return double;
}
