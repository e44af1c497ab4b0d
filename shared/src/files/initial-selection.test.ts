import { describe, expect, it } from 'vitest';
import { pickInitialFile } from './initial-selection';

const file = (path: string, isDirectory = false) => ({ path, isDirectory });

describe('pickInitialFile (spec editor 4)', () => {
  const pick = (...paths: string[]) =>
    pickInitialFile(paths.map((path) => file(path)))?.path ?? null;
  it('follows the order of preference', () => {
    expect(pick('a.js', 'docs/page.html', 'index.html', 'INDEX.HTM')).toBe('index.html');
    expect(pick('a.js', 'INDEX.HTM', 'about.html')).toBe('INDEX.HTM');
    expect(pick('a.js', 'docs/index.html', 'about.html')).toBe('about.html');
    expect(pick('a.js', 'docs/page.html')).toBe('docs/page.html');
    expect(pick('z.js', 'a.py')).toBe('a.py');
    expect(pick('.gitignore', 'app.js', 'routes/todos.js')).toBe('app.js');
    expect(pick('.gitignore', '.env')).toBe('.env');
  });
  it('skips folders and answers null for an empty project', () => {
    expect(pickInitialFile([file('src', true)])).toBeNull();
    expect(pickInitialFile([])).toBeNull();
  });
});
