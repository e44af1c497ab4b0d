import type { ProjectFile } from '@kiln/shared';
import { describe, expect, it } from 'vitest';
import { buildFileTree, filterFileTree, flattenVisible } from './file-tree-model';
import { pickInitialFile } from './initial-selection';
import { languageForPath } from './language';

const file = (path: string, isDirectory = false): ProjectFile => ({
  id: path,
  projectId: 'p',
  path,
  content: isDirectory ? null : '',
  isDirectory,
  isBinary: false,
  mimeType: null,
  size: 0,
  version: 1,
  updatedAt: '2026-01-01T00:00:00Z',
});

describe('buildFileTree', () => {
  it('puts folders first, then names alphabetically, and creates implied folders', () => {
    const tree = buildFileTree([
      file('zeta.js'),
      file('src/b.ts'),
      file('README.md'),
      file('src/a.ts'),
      file('assets', true),
      file('src/lib/util.ts'),
    ]);
    expect(tree.map((node) => node.name)).toEqual(['assets', 'src', 'README.md', 'zeta.js']);
    const src = tree.find((node) => node.name === 'src');
    expect(src?.children.map((node) => node.name)).toEqual(['lib', 'a.ts', 'b.ts']);
    expect(src?.file).toBeNull();
  });

  it('filters by file name without regard to case, keeping the folders on the way', () => {
    const tree = buildFileTree([file('src/App.tsx'), file('src/main.tsx'), file('index.html')]);
    const filtered = filterFileTree(tree, 'APP');
    expect(filtered.map((node) => node.path)).toEqual(['src']);
    expect(filtered[0]?.children.map((node) => node.path)).toEqual(['src/App.tsx']);
    expect(filterFileTree(tree, 'nothing')).toEqual([]);
  });

  it('flattens the visible rows, skipping collapsed folders', () => {
    const tree = buildFileTree([file('src/a.ts'), file('b.ts')]);
    expect(
      flattenVisible(tree, new Set()).map(({ node, depth }) => `${depth}:${node.path}`),
    ).toEqual(['0:src', '1:src/a.ts', '0:b.ts']);
    expect(flattenVisible(tree, new Set(['src'])).map(({ node }) => node.path)).toEqual([
      'src',
      'b.ts',
    ]);
  });
});

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

describe('languageForPath', () => {
  it.each([
    ['src/App.tsx', 'typescript'],
    ['index.js', 'javascript'],
    ['app.py', 'python'],
    ['styles.css', 'css'],
    ['page.HTML', 'html'],
    ['Dockerfile', 'dockerfile'],
    ['LICENSE', 'plaintext'],
    ['.gitignore', 'plaintext'],
  ])('%s is %s', (path, language) => {
    expect(languageForPath(path)).toBe(language);
  });
});
