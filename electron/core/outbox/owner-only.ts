// The data folder holds payees' bank details: on POSIX only its owner may enter it (0700) and
// read the outbox (0600), whatever the umask and whatever an older version left behind. Modes
// are set with chmod after creating, since mkdir and open apply the umask to theirs. Windows
// is skipped: the profile folder's ACL already keeps other users out, and modes mean little there.
import { chmodSync, mkdirSync } from 'node:fs';

const POSIX = process.platform !== 'win32';

/** Creates the folder (and missing parents) if needed, and makes it the owner's alone. */
export function ensureOwnerOnlyFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (POSIX) chmodSync(dir, 0o700);
}

/** Makes each file that exists readable and writable by its owner only. */
export function restrictToOwner(files: readonly string[]): void {
  if (!POSIX) return;
  for (const file of files) {
    try {
      chmodSync(file, 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}
