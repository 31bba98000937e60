// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import path from 'node:path';

/** File names are kebab-case (docs/ARCHITECTURE.md). */
const kebabCaseFiles = {
  meta: { type: 'suggestion', schema: [] },
  create(context) {
    return {
      Program(node) {
        const name = path.basename(context.filename).replace(/(\.d)?\.[cm]?[jt]sx?$/, '');
        const stem = name.replace(/\.(test|spec|config)$/, '');
        if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(stem)) {
          context.report({ node, message: `File name "${name}" is not kebab-case.` });
        }
      },
    };
  },
};

/** The layer matrix of docs/ARCHITECTURE.md, as import bans. */
const layer = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

export default tseslint.config(
  { ignores: ['node_modules/', '.tsbuild/', 'dist/', 'test-results/', 'release/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { local: { rules: { 'kebab-case-files': kebabCaseFiles } } },
    rules: {
      'local/kebab-case-files': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  layer(
    ['src-shared/**'],
    [
      {
        group: ['node:*', 'fs', 'path', 'electron'],
        message: 'src-shared is pure: no Node, no Electron.',
      },
      {
        group: ['**/src-main/**', '**/src-renderer/**'],
        message: 'src-shared imports nothing of the app.',
      },
    ],
  ),
  layer(
    ['src-renderer/**'],
    [
      {
        group: ['**/src-main/**', 'node:*', 'electron'],
        message: 'The renderer reaches main only through its api client.',
      },
    ],
  ),
  layer(
    ['src-main/video/**', 'src-main/mail/**', 'src-main/db/**'],
    [
      {
        group: ['electron'],
        message: 'Services run in plain Node; Electron stays in src-main/electron.',
      },
      {
        group: ['**/http/**', '**/electron/**'],
        message: 'Services do not know their transports.',
      },
    ],
  ),
  {
    files: ['tests/**', 'bench/**'],
    rules: {
      // Test doubles implement async interfaces without awaiting anything.
      '@typescript-eslint/require-await': 'off',
    },
  },
  prettier,
);
