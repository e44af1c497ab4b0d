import type { ProjectFileEntry } from '@kiln/shared';
import { describe, expect, it } from 'vitest';
import {
  buildFileTree,
  filterFileTree,
  flattenVisible,
  opensRow,
  rowAfterKey,
} from './file-tree-model';
import { languageForPath } from './language';

const file = (path: string, isDirectory = false): ProjectFileEntry => ({
  id: path,
  projectId: 'p',
  path,
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

  it('numbers each row among its siblings, for a tree that renders only some rows', () => {
    const tree = buildFileTree([file('src/a.ts'), file('src/b.ts'), file('c.ts'), file('d.ts')]);
    expect(
      flattenVisible(tree, new Set()).map(
        ({ node, position, siblings }) => `${node.path} ${position}/${siblings}`,
      ),
    ).toEqual(['src 1/3', 'src/a.ts 1/2', 'src/b.ts 2/2', 'c.ts 2/3', 'd.ts 3/3']);
  });

  it('flattens a large project into one row per file and folder', () => {
    const files = Array.from({ length: 5000 }, (_, index) =>
      file(`src/module-${index % 50}/file-${index}.ts`),
    );
    const rows = flattenVisible(buildFileTree(files), new Set());
    expect(rows).toHaveLength(1 + 50 + 5000);
    expect(rows[1]).toMatchObject({ depth: 1, position: 1, siblings: 50 });
  });
});

describe('rowAfterKey', () => {
  it('moves down and up within the rows, and to the first and last', () => {
    expect(rowAfterKey(5, -1, 'ArrowDown')).toBe(0);
    expect(rowAfterKey(5, 2, 'ArrowDown')).toBe(3);
    expect(rowAfterKey(5, 4, 'ArrowDown')).toBe(4);
    expect(rowAfterKey(5, 0, 'ArrowUp')).toBe(0);
    expect(rowAfterKey(5, 3, 'ArrowUp')).toBe(2);
    expect(rowAfterKey(5, 3, 'Home')).toBe(0);
    expect(rowAfterKey(5, 1, 'End')).toBe(4);
  });

  it('leaves other keys, and an empty tree, alone', () => {
    expect(rowAfterKey(5, 1, 'Enter')).toBeNull();
    expect(rowAfterKey(5, 1, 'ArrowLeft')).toBeNull();
    expect(rowAfterKey(0, -1, 'ArrowDown')).toBeNull();
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

describe('opensRow', () => {
  it('opens on Enter alone and leaves Ctrl/Cmd+Enter to Run', () => {
    const key = (key: string, mods: { ctrlKey?: boolean; metaKey?: boolean } = {}) => ({
      key,
      ctrlKey: mods.ctrlKey ?? false,
      metaKey: mods.metaKey ?? false,
    });
    expect(opensRow(key('Enter'))).toBe(true);
    expect(opensRow(key('Enter', { ctrlKey: true }))).toBe(false);
    expect(opensRow(key('Enter', { metaKey: true }))).toBe(false);
    expect(opensRow(key('ArrowDown'))).toBe(false);
  });
});
