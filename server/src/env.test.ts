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

describe('preview and secret settings', () => {
  it('serves previews on the next port, from another site than the app', () => {
    expect(loadEnv({})).toMatchObject({
      PREVIEW_PORT: 5001,
      PREVIEW_ORIGIN: 'http://localhost:5001',
    });
    expect(loadEnv({ PORT: '8080', HOST: 'localhost' })).toMatchObject({
      PREVIEW_PORT: 8081,
      PREVIEW_ORIGIN: 'http://127.0.0.1:8081',
    });
    expect(loadEnv({ PUBLIC_URL: 'https://kiln.example', PREVIEW_PORT: '7000' })).toMatchObject({
      PREVIEW_PORT: 7000,
      PREVIEW_ORIGIN: 'https://kiln.example:7000',
    });
    expect(loadEnv({ PORT: '0' }).PREVIEW_PORT).toBe(0);
  });

  it('keeps PREVIEW_ORIGIN as an origin, whatever trailing slash it came with', () => {
    const env = loadEnv({ PREVIEW_ORIGIN: 'https://Kiln-Preview.example/' });
    expect(env.PREVIEW_ORIGIN).toBe('https://kiln-preview.example');
  });

  it('refuses a preview origin that is the app, has a path, or is not http', () => {
    const problems = (source: NodeJS.ProcessEnv) => {
      try {
        loadEnv(source);
      } catch (error) {
        return (error as EnvError).problems.join('\n');
      }
      return '';
    };
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
