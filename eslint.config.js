// Layering from ../shared/DESIGN.md, enforced: an import that points the wrong way fails the build.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import layering from './eslint/layering.js';

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

function restrict(patterns, message) {
  return {
    'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
  };
}

/**
 * Files under `from` may not import files under `forbid` (`.`: anything in the repository),
 * except those under `except`. Paths are from the repository root, without extensions; every
 * import is resolved to one first, so `../sync/x` and `../../sync/x` are the same arrow.
 */
const zone = (from, forbid, except, message) => ({ from, forbid, except, message });

const coreFolder = (name, mayImport, message) =>
  zone(
    `electron/core/${name}`,
    'electron/core',
    [name, ...mayImport].map((folder) => `electron/core/${folder}`),
    message,
  );

const ZONES = [
  zone('shared', '.', ['shared'], 'shared/ is pure TypeScript for every process: no other zone'),
  zone(
    'sandbox',
    '.',
    ['sandbox', 'shared'],
    'sandbox/ imports only shared/: it meets the client over HTTPS, never in code',
  ),
  zone(
    'renderer',
    '.',
    ['renderer', 'shared'],
    'renderer/ speaks only the DeskApi: it imports shared/ and nothing of main or sandbox',
  ),
  zone(
    'electron/core',
    '.',
    ['electron/core', 'shared'],
    'electron/core/ is plain Node: it never imports the shell, the CLI, the sandbox or the renderer',
  ),
  // Inside the core: desk -> sync, sheets, outbox, client, secrets (desk has no row: it may
  // import every core folder). The files at the core's top (data-dir.ts, local-sandbox.ts) are
  // the desk's own helpers and have no row either.
  coreFolder('sync', ['outbox', 'client'], 'core/sync imports only core/outbox and core/client'),
  coreFolder('sheets', ['outbox'], 'core/sheets imports only core/outbox'),
  coreFolder('outbox', [], 'core/outbox imports no other core folder'),
  coreFolder('client', [], 'core/client imports no other core folder'),
  coreFolder('secrets', [], 'core/secrets imports no other core folder'),
  // The faces (the command line, the browser host, the Electron shell and its core process)
  // reach the core only through the desk, its one contract.
  zone(
    [
      'electron/cli',
      'electron/host',
      'electron/main',
      'electron/preload',
      'electron/shell',
      'electron/core-process',
      'electron/sandbox-starter',
    ],
    'electron/core',
    ['electron/core/desk'],
    'the faces reach the core only through core/desk',
  ),
];

const PACKAGES = [
  {
    from: 'shared',
    allow: ['zod', 'ibantools'],
    message: 'shared/ runs in every process: among npm packages it imports only zod and ibantools',
  },
];

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'coverage', '.sandbox-data'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { layering },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'layering/zones': ['error', ZONES],
      'layering/packages': ['error', PACKAGES],
    },
  },
  {
    files: ['shared/**'],
    rules: restrict(
      [...nodeBuiltins, 'electron', 'better-sqlite3'],
      'shared/ is pure TypeScript used by every process: no Node, DOM or Electron APIs.',
    ),
  },
  {
    files: ['sandbox/**'],
    rules: restrict(['electron'], 'sandbox/ is a plain Node service: it never imports electron.'),
  },
  // The shell: only main.ts and preload.ts load 'electron'. electron/shell/ holds the shell's
  // decisions as plain functions given Electron's objects, so it may name their types, and
  // tests run it with stand-ins; the CLI, the host and the core process never see Electron.
  {
    files: ['electron/**'],
    ignores: ['electron/main.ts', 'electron/preload.ts', 'electron/shell/**'],
    rules: restrict(
      ['electron'],
      "only electron/main.ts and electron/preload.ts import 'electron'.",
    ),
  },
  {
    files: ['electron/shell/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['electron'],
              allowTypeImports: true,
              message:
                "electron/shell/ takes Electron's objects from main.ts: it imports only their types.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['electron/core/**'],
    rules: restrict(['electron'], 'electron/core/ is plain Node: it never imports electron.'),
  },
  {
    files: ['renderer/**'],
    rules: restrict(
      [...nodeBuiltins, 'electron'],
      'renderer/ is sandboxed: no Node or Electron APIs, only the DeskApi.',
    ),
  },
);
