import type { GitConnection } from '@kiln/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs } from '../../test/system-programs';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/assertions';
import { signUp } from '../../test/factories';
import { startGitServer, type GitServer } from '../../test/git-server';
import { checkHostUrl, isPublicAddress } from './host-guard';

describe('the Git host guard', () => {
  it('tells public addresses from this machine, private networks and link-local ones', () => {
    for (const address of ['140.82.112.3', '2606:4700::6810:84e5', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('refuses hosts on this machine or a private network unless they are listed', async () => {
    for (const url of [
      'http://127.0.0.1:6379',
      'http://localhost:5432',
      'https://169.254.169.254',
      'https://10.0.0.7',
      'https://[::1]:8443',
    ]) {
      await expect(checkHostUrl(url, []), url).rejects.toThrow(/GIT_PRIVATE_HOSTS/);
    }
    await expect(checkHostUrl('http://10.0.0.7', [])).rejects.toThrow(/over https/);
    await expect(checkHostUrl('http://127.0.0.1:3000', ['127.0.0.1'])).resolves.toBeUndefined();
    await expect(checkHostUrl('https://10.0.0.7:3000', ['10.0.0.7:3000'])).resolves.toBeUndefined();
    await expect(checkHostUrl('https://10.0.0.7:3001', ['10.0.0.7:3000'])).rejects.toThrow(
      /GIT_PRIVATE_HOSTS/,
    );
  });
});

describe('connecting to a host on this machine without GIT_PRIVATE_HOSTS', needs('git'), () => {
  let t: TestApp;
  let server: GitServer;
  beforeAll(async () => {
    [t, server] = await Promise.all([createTestApp(), startGitServer()]);
    await server.createRepo('team', 'inside');
  });
  afterAll(async () => {
    await t.close();
    await server.close();
  });

  it('answers 400 and stores nothing; linking by URL is refused the same way', async () => {
    const owner = await signUp(t.app);
    const refused = await owner.client.request('PUT', '/api/github/connection', {
      body: { baseUrl: server.baseUrl, token: server.token },
    });
    expect(expectError(refused, 400, 'VALIDATION_FAILED')).toContain('GIT_PRIVATE_HOSTS');
    const connection = (await owner.client.get('/api/github/connection')).json<GitConnection>();
    expect(connection.connected).toBe(false);
    const project = (await owner.client.post('/api/projects', { name: 'Inside' })).json<{
      id: string;
    }>();
    const link = await owner.client.post('/api/github/link', {
      projectId: project.id,
      url: `${server.baseUrl}/team/inside`,
    });
    expectError(link, 400, 'VALIDATION_FAILED');
  });
});
