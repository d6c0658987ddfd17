// Vitest's global setup, once before every file: the renderer built into dist/renderer, as `npm
// run build` does, for the end-to-end tests that the browser host serves it to; and the app's
// bundles (scripts/build-app.ts) into dist/test-app, with the tests' own child processes beside
// them, so that the tests start the browser host, the `payout-desk` command, an import or a sync
// as built JavaScript: tsx would compile each again on every one of their ~80 starts, a second or
// more each. The TypeScript entry points keep tests of their own (the installed command's bin,
// `npm start`, workers started under tsx).
import { basename, join } from 'node:path';
import { build as bundle } from 'esbuild';
import { build } from 'vite';
import { buildApp, nodeEsm } from '../../scripts/build-app';

export const TEST_APP_DIR = join(import.meta.dirname, '../../dist/test-app');

/** Processes tests start to kill or to cap, bundled beside the app's sheet-reading worker. */
const CHILDREN = ['test/support/import-child.ts', 'test/support/sync-child.ts'] as const;
export type TestChild = 'import-child' | 'sync-child';

/** The bundled child process to start with `node`. */
export const testChild = (name: TestChild): string => join(TEST_APP_DIR, `${name}.mjs`);

export default async function buildForTests(): Promise<void> {
  await build({ configFile: 'vite.config.ts', logLevel: 'warn' });
  await buildApp(TEST_APP_DIR);
  await Promise.all(
    CHILDREN.map((entry) => bundle(nodeEsm(entry, testChild(basename(entry, '.ts') as TestChild)))),
  );
}
