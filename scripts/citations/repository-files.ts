import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Where checks of the whole repository find what it holds: the files git tracks or would. */
export function repositoryFiles(root: string): { paths: string[]; texts: Map<string, string> } {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '-z'],
    { cwd: root, encoding: 'utf8' },
  )
    .split('\0')
    .filter(Boolean);
  const texts = new Map<string, string>();
  for (const file of listed) {
    // Users' starter code is served as written; its comments speak to the user, not of Kiln.
    if (file.startsWith('server/templates/')) continue;
    if (!/\.(?:ts|tsx|js|mjs|cjs|css|md|sql)$/.test(file) && file !== '.ci/run') continue;
    try {
      texts.set(file, readFileSync(path.join(root, file), 'utf8'));
    } catch {
      // Deleted in the working tree but still in the index.
    }
  }
  return { paths: listed, texts };
}
