import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
    // Dependencies flow one way (STYLE.md 2): shared -> features -> app, and lib/db never import a feature.
    files: ['server/src/**/*.ts', 'client/src/**/*.{ts,tsx}', 'shared/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './shared/src', from: ['./server', './client'] },
            { target: './server/src/lib', from: './server/src/modules' },
            { target: './server/src/db', from: './server/src/modules' },
            { target: './server/src/sandbox', from: './server/src/modules' },
            { target: './client/src/lib', from: ['./client/src/features', './client/src/app'] },
            {
              target: './client/src/components',
              from: ['./client/src/features', './client/src/app'],
            },
            { target: './client/src/features', from: './client/src/app' },
          ],
        },
      ],
    },
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
