// Layering from ../shared/DESIGN.md, enforced: an import that points the wrong way fails the build.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = [
  'node:*',
  'fs',
  'path',
  'os',
  'crypto',
  'http',
  'https',
  'net',
  'child_process',
  'url',
  'util',
  'stream',
  'worker_threads',
];

/** Folder globs that a zone may not import from, written as import patterns. */
const folders = {
  electron: ['**/electron/**', '**/electron'],
  sandbox: ['**/sandbox/**', '**/sandbox'],
  renderer: ['**/renderer/**', '**/renderer'],
  core: ['**/core/**', '**/core'],
};

function restrict(patterns, message) {
  return {
    'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
  };
}

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'coverage', '.sandbox-data'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['shared/**'],
    rules: restrict(
      [
        ...nodeBuiltins,
        'electron',
        'better-sqlite3',
        ...folders.electron,
        ...folders.sandbox,
        ...folders.renderer,
      ],
      'shared/ is pure TypeScript used by every process: no Node, DOM or Electron APIs, and no other zone.',
    ),
  },
  {
    files: ['sandbox/**'],
    rules: restrict(
      ['electron', ...folders.electron, ...folders.renderer],
      'sandbox/ imports only shared/: it meets the client over HTTPS, never in code.',
    ),
  },
  {
    files: ['electron/core/**'],
    rules: restrict(
      ['electron', ...folders.sandbox, ...folders.renderer],
      'electron/core/ is plain Node: it never imports electron, the sandbox or the renderer.',
    ),
  },
  {
    files: ['renderer/**'],
    rules: restrict(
      [...nodeBuiltins, 'electron', ...folders.electron, ...folders.sandbox],
      'renderer/ speaks only the DeskApi: it imports shared/ and nothing of main or sandbox.',
    ),
  },
);
