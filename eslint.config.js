// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';
import { layerImportsRule } from './scripts/layer-map.mjs';

/** File names are kebab-case (docs/ARCHITECTURE.md), with an optional `.ipc` role suffix. */
const kebabCaseFiles = {
  meta: { type: 'suggestion', schema: [] },
  create(context) {
    return {
      Program(node) {
        const name = path.basename(context.filename).replace(/(\.d)?\.[cm]?[jt]sx?$/, '');
        const stem = name.replace(/\.(test|spec|config)$/, '').replace(/\.ipc$/, '');
        if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(stem)) {
          context.report({ node, message: `File name "${name}" is not kebab-case.` });
        }
      },
    };
  },
};

/** Package bans per folder (docs/ARCHITECTURE.md, layer matrix); layers are local/layer-imports. */
const layer = (files, patterns, extra = {}) => ({
  files,
  ...extra,
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns, ...(extra.paths ? { paths: extra.paths } : {}) },
    ],
  },
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
    plugins: {
      local: { rules: { 'kebab-case-files': kebabCaseFiles, 'layer-imports': layerImportsRule } },
    },
    rules: {
      'local/kebab-case-files': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      // A switch over a union names every member, so adding one to the union is a compile-time
      // to-do list rather than a silent fall-through to whatever the code after the switch does.
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // CommonJS on purpose (the stand-in `electron` module answers require() and import).
    files: ['**/*.cjs'],
    rules: {
      '@typescript-eslint/no-require-imports': 'off',
      '@typescript-eslint/no-this-alias': 'off',
    },
  },
  {
    // Imports point down the layer map of docs/ARCHITECTURE.md (scripts/layer-map.mjs reads it).
    files: ['src-shared/**', 'src-main/**', 'src-renderer/**'],
    rules: { 'local/layer-imports': 'error' },
  },
  layer(
    ['src-shared/**'],
    [
      {
        group: ['node:*', 'fs', 'path', 'electron'],
        message: 'src-shared is pure: no Node, no Electron.',
      },
    ],
  ),
  layer(
    ['src-renderer/**'],
    [
      {
        group: ['node:*', 'electron'],
        message: 'The renderer reaches main only through its api client.',
      },
    ],
  ),
  {
    // The web UI runs in a browser and follows React's rules of hooks.
    files: ['src-renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // One api client, two transports: only src-renderer/api talks to the outside.
    files: ['src-renderer/**'],
    ignores: ['src-renderer/api/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['fetch', 'WebSocket', 'XMLHttpRequest', 'EventSource'].map((name) => ({
          name,
          message: 'Go through src-renderer/api (one client, IPC or REST/WS).',
        })),
      ],
      'no-restricted-properties': [
        'error',
        ...['ephemera', 'fetch', 'WebSocket'].map((property) => ({
          object: 'window',
          property,
          message: 'Go through src-renderer/api (one client, IPC or REST/WS).',
        })),
      ],
    },
  },
  {
    // The service worker runs in the worker scope, not the page: fetching the app's own files
    // for its cache is its job, and it never touches /api or /ws (src-renderer/pwa).
    files: ['src-renderer/pwa/service-worker.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
    rules: { 'no-restricted-globals': 'off' },
  },
  layer(
    ['src-main/**'],
    [
      {
        group: ['electron'],
        message: 'Only src-main/electron uses Electron; the rest also runs headless.',
      },
    ],
    { ignores: ['src-main/electron/**'] },
  ),
  {
    // The shell's modules get Electron's objects injected (unit tests pass fakes): they may use
    // Electron's types, but only the two entry files import its values.
    files: ['src-main/electron/**'],
    ignores: ['src-main/electron/main.ts', 'src-main/electron/preload/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              allowTypeImports: true,
              message: 'Take Electron objects as parameters; only main.ts imports them.',
            },
          ],
        },
      ],
    },
  },
  layer(
    ['src-main/electron/preload/**'],
    [
      {
        regex: '^(?!electron$|(\\.\\./)+src-shared/ipc/[a-z-]+\\.ts$|\\./preload-api\\.ts$)',
        message: 'The preload may import only electron and src-shared/ipc.',
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
  {
    // A focused test left in a commit silently skips every other test in its file (Vitest and
    // Playwright both run only the focused ones), so the suite goes green on a fraction of itself.
    files: ['tests/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "MemberExpression[property.name='only']:matches([object.name=/^(describe|it|test)$/], [object.property.name=/^(describe|serial|parallel)$/])",
          message:
            'Focused test (.only) skips the rest of the suite; remove .only before committing.',
        },
      ],
    },
  },
  prettier,
);
