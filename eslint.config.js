import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { kebabCaseFileNames } from './scripts/lint/kebab-case-file-names.js';

const root = path.dirname(fileURLToPath(import.meta.url));
/** The names of a folder's files and folders. */
const filesOf = (dir) => readdirSync(path.join(root, dir));
const foldersOf = (dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * A server module reaches another only through that one's public entries, never its internals:
 * each folder gets a zone that forbids its siblings except their `entries` (docs/architecture.md,
 * "Where a new feature goes").
 */
const throughPublicEntries = (parent, entries, message) =>
  foldersOf(parent).map((name) => ({
    target: `./${parent}/${name}`,
    from: `./${parent}`,
    except: [
      `./${name}`,
      ...foldersOf(parent)
        .filter((other) => other !== name)
        .flatMap((other) => entries.map((entry) => `./${other}/${entry}`)),
    ],
    message,
  }));

const SERVER_MODULES = 'server/src/modules';
const CLIENT_FEATURES = 'client/src/features';
const CLIENT_APP = 'client/src/app';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import-x/no-duplicates': 'error',
      eqeqeq: ['error', 'smart'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Dependencies flow one way: shared <- lib, db, jobs, sandbox <- modules <- app.ts on the
    // server; shared <- lib, components <- features <- app in the client. The TypeScript
    // resolver lets the rule see imports written without an extension.
    files: ['server/src/**/*.ts', 'client/src/**/*.{ts,tsx}', 'shared/src/**/*.ts'],
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['shared', 'server', 'client'].map((pkg) => `${root}/${pkg}/tsconfig.json`),
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            {
              target: './shared/src',
              from: ['./server', './client', './e2e', './bench'],
              message: 'shared holds what client and server share; it imports neither.',
            },
            {
              target: './client/src',
              from: './server',
              message: 'The client reaches the server over HTTP; what both need goes to shared.',
            },
            {
              target: './server/src',
              from: './client',
              message: 'The server imports nothing of the client; what both need goes to shared.',
            },
            ...['lib', 'jobs', 'sandbox'].map((layer) => ({
              target: `./server/src/${layer}`,
              from: './server/src/modules',
              message: `server/src/${layer} serves the modules and imports none of them.`,
            })),
            {
              target: './server/src/db',
              from: './server/src/modules',
              // db/schema.ts gathers every module's tables for drizzle-kit and the typed client.
              except: foldersOf(SERVER_MODULES).map((name) => `./${name}/tables.ts`),
              message: 'server/src/db imports no module, only their tables.ts (in schema.ts).',
            },
            {
              target: './server/src/modules',
              from: './server/src/db/schema.ts',
              message: "A module reads another's tables from that module's tables.ts.",
            },
            { target: './server/src/lib', from: ['./server/src/db', './server/src/jobs'] },
            // A module's tables.ts is its second public entry: other modules' tables point at its
            // tables, and queries join them, without loading the module (and its routes).
            ...throughPublicEntries(
              SERVER_MODULES,
              ['index.ts', 'tables.ts'],
              'Use another module through its index.ts, or its tables through its tables.ts.',
            ),
            ...['lib', 'components'].map((layer) => ({
              target: `./client/src/${layer}`,
              from: ['./client/src/features', './client/src/app'],
              message: `client/src/${layer} serves the features and imports none of them.`,
            })),
            {
              target: './client/src/features',
              from: './client/src/app',
              message: 'The app composes the features; a feature never imports it.',
            },
            // The app composes features through their index.ts; only the pages (app/routes.tsx
            // and app/pages/) load a page's own module, so that each page is a chunk of its own.
            {
              target: filesOf(CLIENT_APP)
                .filter((name) => name !== 'routes.tsx' && name !== 'pages')
                .map((name) => `./${CLIENT_APP}/${name}`),
              from: `./${CLIENT_FEATURES}`,
              except: foldersOf(CLIENT_FEATURES).map((name) => `./${name}/index.ts`),
              message: 'The app uses a feature through its index.ts (pages excepted).',
            },
            // Features do not import features: app/ composes them, handing one's piece to
            // another as a prop or slot; what several need goes to lib/ or components/.
            ...foldersOf(CLIENT_FEATURES).map((name) => ({
              target: `./${CLIENT_FEATURES}/${name}`,
              from: `./${CLIENT_FEATURES}`,
              except: [`./${name}`],
              message: `client/src/features/${name} imports no other feature; app/ composes them.`,
            })),
          ],
        },
      ],
    },
  },
  {
    // No import cycles in the server: a cycle through two modules' entries would make the one
    // list of modules (server/src/app/modules.ts) depend on the order it loads them in. The rule
    // reads each imported file, so it needs to be told TypeScript files are modules to parse.
    files: ['server/src/**/*.ts'],
    settings: {
      'import-x/extensions': ['.ts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: ['server/templates/**'],
    plugins: { kiln: { rules: { 'kebab-case-file-names': kebabCaseFileNames } } },
    rules: { 'kiln/kebab-case-file-names': 'error' },
  },
  {
    files: ['client/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'server/scripts/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // The project templates (server/templates) are users' starter code, served byte for byte as
    // they are stored: they print with console.log, and Express error handlers must declare the
    // unused fourth argument `next` (server/templates/nodejs-express/app.js). JSX files are
    // linted too; Vue and Svelte components are not (no parser for them here) and are parsed by
    // server/src/modules/templates/template-files.test.ts instead.
    files: ['server/templates/**/*.{js,jsx,mjs,cjs,ts,tsx}'],
    languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
    rules: {
      'no-console': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^(_|next$)', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Template code that runs in the browser: the static sites' scripts and the front ends.
    files: [
      'server/templates/html-css/**/*.js',
      'server/templates/python-flask/static/**/*.js',
      'server/templates/*/src/**/*.{js,jsx,ts,tsx}',
      'server/templates/*/client/src/**/*.{js,jsx}',
    ],
    languageOptions: { globals: { ...globals.browser } },
  },
);
