import { describe, expect, it } from 'vitest';
import {
  BATCH_LIMITS,
  FOLDER_LIMITS,
  folderProblem,
  readFolderSelection,
  uploadBatches,
  type PickedFile,
} from './folder-import';

const picked = (webkitRelativePath: string, size = 10): PickedFile => ({
  name: webkitRelativePath.split('/').at(-1) ?? '',
  size,
  webkitRelativePath,
});

describe('readFolderSelection', () => {
  it('names the project after the folder and keeps the paths inside it', () => {
    const selection = readFolderSelection([
      picked('My Site/index.html'),
      picked('My Site/css/site.css'),
    ]);
    expect(selection.folderName).toBe('My Site');
    expect(selection.entries.map((entry) => entry.path)).toEqual(['index.html', 'css/site.css']);
    expect(selection.skipped).toBe(0);
  });

  it('leaves out dependencies, version control and system clutter, and counts them', () => {
    const selection = readFolderSelection([
      picked('app/src/main.js'),
      picked('app/node_modules/react/index.js'),
      picked('app/.git/HEAD'),
      picked('app/src/__pycache__/x.pyc'),
      picked('app/.DS_Store'),
      picked('app/.gitignore'),
    ]);
    expect(selection.entries.map((entry) => entry.path)).toEqual(['src/main.js', '.gitignore']);
    expect(selection.skipped).toBe(4);
  });
});

describe('folderProblem', () => {
  const problem = (files: PickedFile[]) => folderProblem(readFolderSelection(files));

  it('accepts an ordinary folder', () => {
    expect(problem([picked('a/index.html')])).toBeNull();
  });

  it('refuses an empty folder, too many files, a file too large, or too much in all', () => {
    expect(problem([picked('a/node_modules/x.js')])).toMatch(/no files/);
    const many = Array.from({ length: FOLDER_LIMITS.files + 1 }, (_, i) => picked(`a/f${i}.txt`));
    expect(problem(many)).toMatch(/at most 5,000/);
    expect(problem([picked('a/big.bin', FOLDER_LIMITS.fileBytes + 1)])).toMatch(
      /big\.bin is larger than 10 MB/,
    );
    const heavy = Array.from({ length: 21 }, (_, i) => picked(`a/f${i}`, FOLDER_LIMITS.fileBytes));
    expect(problem(heavy)).toMatch(/import at most 200 MB/);
  });
});

describe('uploadBatches', () => {
  it('splits by file count and by bytes, never leaving a batch empty', () => {
    const entries = readFolderSelection(
      Array.from({ length: BATCH_LIMITS.files * 2 + 1 }, (_, i) => picked(`a/f${i}`)),
    ).entries;
    expect(uploadBatches(entries).map((batch) => batch.length)).toEqual([100, 100, 1]);

    const big = readFolderSelection([
      picked('a/1', BATCH_LIMITS.bytes - 5),
      picked('a/2', 10),
      picked('a/3', BATCH_LIMITS.bytes + 1),
      picked('a/4', 1),
    ]).entries;
    expect(uploadBatches(big).map((batch) => batch.map((entry) => entry.path))).toEqual([
      ['1'],
      ['2'],
      ['3'],
      ['4'],
    ]);
  });
});
