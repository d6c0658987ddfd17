// Vitest's global setup, once before every file: the renderer built into dist/renderer, as `npm
// run build` does, for the end-to-end tests that the browser host serves it to; and the app's
// bundles (scripts/build-app.ts) into dist/test-app, so that the tests start the browser host
// and the `payout-desk` command as built JavaScript: tsx would compile them again on each of
// the ~50 starts, a second or more each. The TypeScript entry points keep a test of their own
// (the installed command's bin, and `npm start`).
import { join } from 'node:path';
import { build } from 'vite';
import { buildApp } from '../../scripts/build-app';

export const TEST_APP_DIR = join(import.meta.dirname, '../../dist/test-app');

export default async function buildForTests(): Promise<void> {
  await build({ configFile: 'vite.config.ts', logLevel: 'warn' });
  await buildApp(TEST_APP_DIR);
}
