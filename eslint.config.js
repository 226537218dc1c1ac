// ESLint (flat config): typescript-eslint's type-aware recommended rules and the Rules of React
// (eslint-plugin-react-hooks) over lib, widgets, host, server, tests, scripts and the root configs.
// `npm run lint`; `npm test` runs it before the unit tests.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { boundaryConfigs } from './eslint.boundaries.js';

export default defineConfig([
  {
    ignores: [
      'dist/**',
      '**/node_modules/**',
      'examples/*/dist/**',
      // Its own package: scripts/consumer.mjs type-checks and builds it against the packed tarball,
      // without which its `creatorflow` imports do not resolve.
      'examples/react-consumer/**',
      '.tmp/**',
      'bench/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Unused names are errors, except a deliberate `_` prefix and rest siblings that drop a key.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // Callbacks are passed around as values (controller actions, props declared in method
      // shorthand) and never rely on `this`; the rule cannot tell them from class methods.
      '@typescript-eslint/unbound-method': 'off',
      // A screen's empty props interface is where its props will go; augmenting interfaces
      // (HTMLElementTagNameMap, JSX.IntrinsicElements) extend one type and add nothing.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'always' }],
    },
  },
  {
    // The Rules of React, where React runs.
    files: ['widgets/**/*.{ts,tsx}', 'host/**/*.{ts,tsx}', 'tests/components/**/*.{ts,tsx}', 'tests/helpers/**/*.{ts,tsx}', 'tests/types/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['widgets/**/*.{ts,tsx}', 'host/**/*.{ts,tsx}'],
    rules: {
      // Reports hooks the React Compiler would skip (TanStack Virtual's); the build runs no compiler.
      'react-hooks/incompatible-library': 'off',
    },
  },
  {
    // Storage adapters implement an async interface; the memory adapter has nothing to await.
    files: ['lib/storage/**'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    files: ['tests/**'],
    rules: {
      // Vitest's asymmetric matchers (expect.objectContaining, ...) are typed `any`.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      // `await act(async () => ...)` flushes effects and microtasks; the callback need not await.
      '@typescript-eslint/require-await': 'off',
      // Raw IndexedDB requests in the browser tests fail with their DOMException, passed on as is.
      '@typescript-eslint/prefer-promise-reject-errors': 'off',
    },
  },
  {
    // Plain JavaScript (scripts, examples, this file) has no type information to lint against.
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // The team server runs in Node. Fastify plugins and route handlers are async by contract
    // (Fastify awaits them), whether or not the body awaits anything.
    files: ['server/**'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    files: ['scripts/**', 'examples/partner-portal/server.mjs', 'tests/e2e/**', 'tests/server/**', '*.config.{js,ts}', 'eslint.config.js', 'eslint.boundaries.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  // The layers: which folder may import which (eslint.boundaries.js).
  ...boundaryConfigs(import.meta.dirname),
]);
