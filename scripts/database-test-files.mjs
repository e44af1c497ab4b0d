// The server test files that the PostgreSQL pass runs again (.ci/run): those whose outcome can
// depend on the database or the job queue, because they build a test app or open a test database
// (server/src/test/app.ts, server/src/test/database.ts) or read TEST_DATABASE_URL or
// TEST_REDIS_URL, directly or through any module they import. Every other file runs the same
// code on either pass, so once is enough.
//
// `node scripts/database-test-files.mjs` prints them, one per line, relative to server/.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../server');

/** The modules (under src/) through which a test reaches the database the pass chooses. */
const DATABASE_ENTRIES = ['test/app.ts', 'test/database.ts'];
const DATABASE_SETTINGS = /\bTEST_(DATABASE|REDIS)_URL\b/;

/**
 * Files that build a test app but do the same on either database: each template's real app,
 * minutes of installs and builds, where the app database only holds the project.
 */
const DATABASE_INDEPENDENT = new Set(['src/modules/dev-server/template-apps.test.ts']);

const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

function resolveImport(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [base, `${base}.ts`, path.join(base, 'index.ts')];
  if (base.endsWith('.js')) candidates.push(base.replace(/\.js$/, '.ts'));
  return candidates.find((candidate) => statSync(candidate, { throwIfNoEntry: false })?.isFile());
}

/**
 * Every module under `sourceDir` that reaches the database: the entries, modules that read the
 * settings, and, walking imports backwards from those, every module that imports one of them.
 */
function modulesReachingDatabase(sourceDir) {
  const importers = new Map();
  const reaching = DATABASE_ENTRIES.map((file) => path.join(sourceDir, file));
  for (const file of sourceFiles(sourceDir)) {
    const source = readFileSync(file, 'utf8');
    if (DATABASE_SETTINGS.test(source)) reaching.push(file);
    for (const match of source.matchAll(IMPORT)) {
      const imported = resolveImport(file, match[1]);
      if (!imported) continue;
      if (!importers.has(imported)) importers.set(imported, []);
      importers.get(imported).push(file);
    }
  }
  const reached = new Set(reaching);
  for (let file = reaching.pop(); file; file = reaching.pop()) {
    for (const importer of importers.get(file) ?? []) {
      if (!reached.has(importer)) {
        reached.add(importer);
        reaching.push(importer);
      }
    }
  }
  return reached;
}

function sourceFiles(dir, accept = (name) => /\.(ts|mts|mjs)$/.test(name)) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full, accept);
    return accept(entry.name) ? [full] : [];
  });
}

/** The test files of the PostgreSQL pass, relative to `serverDir`, sorted. */
export function databaseTestFiles(serverDir = SERVER_DIR) {
  const sourceDir = path.join(serverDir, 'src');
  const reaching = modulesReachingDatabase(sourceDir);
  return sourceFiles(sourceDir, (name) => name.endsWith('.test.ts'))
    .filter((file) => reaching.has(file))
    .map((file) => path.relative(serverDir, file))
    .filter((file) => !DATABASE_INDEPENDENT.has(file))
    .sort();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(databaseTestFiles().join('\n'));
}
