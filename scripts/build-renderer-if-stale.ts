// Builds the renderer when its build is missing or older than any of its sources, so that
// `npm start` and `npm run web` open at once when nothing changed, and never serve a stale app.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';

const BUILT = 'dist/renderer/index.html';
const SOURCES = ['renderer', 'shared', 'vite.config.ts', 'package-lock.json'];

function newest(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let latest = stats.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

const builtAt = existsSync(BUILT) ? statSync(BUILT).mtimeMs : 0;
if (SOURCES.some((source) => existsSync(source) && newest(source) > builtAt)) {
  // A minute on a slow machine: said, so the wait is not taken for a hang. Then errors only: a
  // person starting the app has no use for the bundle's size advice or the plugins' timings.
  process.stderr.write('Building the app’s screens (after a change; up to a minute)…\n');
  await build({ configFile: 'vite.config.ts', logLevel: 'error' });
}
