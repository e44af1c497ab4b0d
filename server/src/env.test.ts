import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENV_DOCS, EnvError, loadEnv } from './env';

describe('loadEnv', () => {
  it('has a working default for one machine', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(5000);
    expect(env.HOST).toBe('127.0.0.1');
    expect(env.PUBLIC_URL).toBe('http://127.0.0.1:5000');
    expect(path.isAbsolute(env.DATA_DIR)).toBe(true);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.ADMIN_EMAILS).toEqual([]);
  });

  it('normalises admin emails and drops a trailing slash from PUBLIC_URL', () => {
    const env = loadEnv({
      ADMIN_EMAILS: ' Boss@Example.com, ,ops@example.com',
      PUBLIC_URL: 'https://kiln.example/',
      PREVIEW_ORIGIN: 'https://kiln-preview.example',
    });
    expect(env.ADMIN_EMAILS).toEqual(['boss@example.com', 'ops@example.com']);
    expect(env.PUBLIC_URL).toBe('https://kiln.example');
  });

  it('fails fast with a readable list of every problem', () => {
    let caught: unknown;
    try {
      loadEnv({ PORT: 'eighty', DATABASE_URL: 'not a url', LOG_LEVEL: 'loud' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EnvError);
    const problems = (caught as EnvError).problems.join('\n');
    expect(problems).toContain('PORT');
    expect(problems).toContain('DATABASE_URL must be a URL');
    expect(problems).toContain('LOG_LEVEL');
    expect((caught as EnvError).message).toMatch(/^Invalid configuration:\n {2}- /);
  });
});

/** The problems loadEnv stops at, one a line; empty when it starts. */
function problemsOf(source: NodeJS.ProcessEnv): string {
  try {
    loadEnv(source);
  } catch (error) {
    return (error as EnvError).problems.join('\n');
  }
  return '';
}

describe('preview and secret settings', () => {
  it('serves previews on the next port, under localhost when the app is on a loopback address', () => {
    expect(loadEnv({})).toMatchObject({
      PREVIEW_PORT: 5001,
      PREVIEW_ORIGIN: 'http://localhost:5001',
    });
    // localhost takes a subdomain per project (p-<id>.localhost); an IP address cannot.
    for (const publicUrl of [
      'http://localhost:8080',
      'http://127.0.0.2:8080',
      'http://[::1]:8080',
      'http://kiln.localhost:8080',
    ]) {
      expect(loadEnv({ PUBLIC_URL: publicUrl, PORT: '8080' }), publicUrl).toMatchObject({
        PREVIEW_PORT: 8081,
        PREVIEW_ORIGIN: 'http://localhost:8081',
      });
    }
    expect(loadEnv({ HOST: '0.0.0.0' }).PREVIEW_ORIGIN).toBe('http://localhost:5001');
    expect(loadEnv({ PUBLIC_URL: 'http://kiln.example', PREVIEW_PORT: '7000' })).toMatchObject({
      PREVIEW_PORT: 7000,
      PREVIEW_ORIGIN: 'http://kiln.example:7000',
    });
    expect(loadEnv({ PORT: '0' }).PREVIEW_PORT).toBe(0);
  });

  it('refuses an IP address for previews, set or derived, and says why and what to do', () => {
    for (const previewOrigin of [
      'http://192.168.1.5:5001',
      'http://127.0.0.1:5001',
      'http://[::1]:5001',
      'https://[2001:db8::1]',
    ]) {
      const problems = problemsOf({ PREVIEW_ORIGIN: previewOrigin });
      expect(problems, previewOrigin).toMatch(
        /^PREVIEW_ORIGIN: \S+ is an IP address, which cannot take the subdomain each project's previews are served from \(p-<project id>\.<host>\); use a host name whose subdomains all reach this server \(wildcard DNS\)/,
      );
    }
    expect(problemsOf({ PUBLIC_URL: 'http://192.168.1.5:5000' })).toContain(
      "PREVIEW_ORIGIN: must be set, as PUBLIC_URL's host 192.168.1.5 is an IP address",
    );
    expect(
      problemsOf({
        PUBLIC_URL: 'http://192.168.1.5:5000',
        PREVIEW_ORIGIN: 'http://kiln-preview.lan',
      }),
    ).toBe('');
  });

  it('refuses, over https, previews that would share cookies with the app', () => {
    const shared = problemsOf({
      PUBLIC_URL: 'https://kiln.example',
      PREVIEW_ORIGIN: 'https://preview.kiln.example',
    });
    expect(shared).toContain(
      'PREVIEW_ORIGIN: previews (p-<project id>.preview.kiln.example) share the registrable domain kiln.example with PUBLIC_URL',
    );
    expect(shared).toContain("a previewed page could set cookies for the app's domain");
    expect(shared).toContain('serve previews from a separate registrable domain');
    // Read from the Public Suffix List: co.uk is a suffix, so the site is kiln.co.uk.
    expect(
      problemsOf({
        PUBLIC_URL: 'https://app.kiln.co.uk',
        PREVIEW_ORIGIN: 'https://preview.kiln.co.uk',
      }),
    ).toContain('share the registrable domain kiln.co.uk');
    // The default, the app's own host on another port, is refused the same way.
    expect(problemsOf({ PUBLIC_URL: 'https://kiln.example' })).toContain(
      'PREVIEW_ORIGIN: must be set, as by default previews (p-<project id>.kiln.example) share the registrable domain kiln.example',
    );
  });

  it('accepts previews on a registrable domain of their own', () => {
    for (const [publicUrl, previewOrigin] of [
      ['https://kiln.example', 'https://kiln-preview.example'],
      ['https://kiln.example', 'https://preview.kiln-usercontent.example'],
      // github.io is on the list (a private suffix): its subdomains are separate sites.
      ['https://kiln.github.io', 'https://kiln-preview.github.io'],
      ['https://kiln.example', 'https://github.io'],
      // Plain http is someone trying Kiln out: main.ts warns instead.
      ['http://kiln.example', 'http://preview.kiln.example'],
    ] as const) {
      expect(problemsOf({ PUBLIC_URL: publicUrl, PREVIEW_ORIGIN: previewOrigin })).toBe('');
    }
  });

  it('keeps PREVIEW_ORIGIN as an origin, whatever trailing slash it came with', () => {
    const env = loadEnv({ PREVIEW_ORIGIN: 'https://Kiln-Preview.example/' });
    expect(env.PREVIEW_ORIGIN).toBe('https://kiln-preview.example');
  });

  it('refuses a preview origin that is the app, has a path, or is not http', () => {
    const problems = problemsOf;
    expect(
      problems({ PUBLIC_URL: 'https://kiln.example', PREVIEW_ORIGIN: 'https://kiln.example/' }),
    ).toContain('PREVIEW_ORIGIN: must differ from the app origin');
    expect(problems({ PREVIEW_ORIGIN: 'https://preview.example/p' })).toContain('origin only');
    expect(problems({ PREVIEW_ORIGIN: 'ftp://preview.example' })).toContain('http or https');
    expect(problems({ PORT: '5000', PREVIEW_PORT: '5000' })).toContain('must differ from PORT');
    expect(problems({ PORT: '65535' })).toContain('set PREVIEW_PORT');
  });

  it('accepts a SECRET_KEY of at least 32 characters', () => {
    expect(loadEnv({ SECRET_KEY: 'k'.repeat(32) }).SECRET_KEY).toBe('k'.repeat(32));
    expect(loadEnv({ SECRET_KEY: '' }).SECRET_KEY).toBeUndefined();
    expect(() => loadEnv({ SECRET_KEY: 'too short' })).toThrow(/SECRET_KEY must be at least 32/);
  });
});

describe('README configuration table', () => {
  it('documents every setting env.ts reads', () => {
    const readme = readFileSync(
      path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../README.md'),
      'utf8',
    );
    // The formatter pads table cells, so match the first cell with any spacing.
    for (const name of Object.keys(ENV_DOCS)) {
      expect(readme).toMatch(new RegExp(`^\\| \`${name}\` +\\|`, 'm'));
    }
  });
});
