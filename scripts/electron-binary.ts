// Whether this install has the Electron binary: `npm start` opens the window with it (else
// browser mode), and `npm run dist` packages with Electron's download (else it says so at once).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

/** The Electron binary's path, or undefined when its download never happened. */
export function electronBinary(): string | undefined {
  try {
    // The electron package exports the path of its binary, and throws when it was not downloaded.
    const path = createRequire(import.meta.url)('electron') as unknown;
    return typeof path === 'string' && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}
