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
  await build({ configFile: 'vite.config.ts', logLevel: 'warn' });
}
