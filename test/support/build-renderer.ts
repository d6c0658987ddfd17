// Vitest's global setup: the renderer built once into dist/renderer, as `npm run build` does,
// for the end-to-end tests that the browser host serves it to.
import { build } from 'vite';

export default async function buildRenderer(): Promise<void> {
  await build({ configFile: 'vite.config.ts', logLevel: 'warn' });
}
