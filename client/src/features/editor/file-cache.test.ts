import type { ProjectFile, ProjectFileEntry } from '@kiln/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { fileContentQueryKey, filesQueryKey, storeFile, toFileEntry } from './api';

const saved = (version: number, content: string): ProjectFile => ({
  id: 'f1',
  projectId: 'p1',
  path: 'src/app.js',
  content,
  isDirectory: false,
  isBinary: false,
  mimeType: 'text/javascript',
  size: content.length,
  version,
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('the file caches', () => {
  it('lists a file without its content', () => {
    const entry = toFileEntry(saved(3, 'app();'));
    expect(entry).not.toHaveProperty('content');
    expect(entry).toMatchObject({ id: 'f1', path: 'src/app.js', version: 3 });
  });

  it('stores a saved file as its list entry and its text, dropping older versions', () => {
    const client = new QueryClient();
    const other: ProjectFileEntry = { ...toFileEntry(saved(1, '')), id: 'f2', path: 'b.js' };
    client.setQueryData(filesQueryKey('p1'), [toFileEntry(saved(1, 'one')), other]);
    client.setQueryData(fileContentQueryKey(saved(1, 'one')), saved(1, 'one'));
    client.setQueryData(fileContentQueryKey(other), { ...other, content: 'b' });

    storeFile(client, saved(2, 'two'));
    expect(client.getQueryData(filesQueryKey('p1'))).toEqual([toFileEntry(saved(2, 'two')), other]);
    expect(client.getQueryData(fileContentQueryKey(saved(2, 'two')))).toEqual(saved(2, 'two'));
    expect(client.getQueryData(fileContentQueryKey(saved(1, 'one')))).toBeUndefined();
    // Other files' text stays.
    expect(client.getQueryData(fileContentQueryKey(other))).toMatchObject({ content: 'b' });
  });
});
