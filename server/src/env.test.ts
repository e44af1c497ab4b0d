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
