// A profile's certificate given as text (a window's picked file) is kept in the data folder, so
// that it outlives the upload it came in and the profile keeps trusting exactly it. Certificates
// are public: they may sit beside the outbox, unlike credentials.
import { createHash } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ensureOwnerOnlyFolder } from '../outbox';

const folderOf = (dataDir: string) => join(dataDir, 'certificates');

/** The file of the profile's kept certificate: named by a hash, whatever its name holds. */
export const keptCertificatePath = (dataDir: string, profile: string): string =>
  join(folderOf(dataDir), `${createHash('sha256').update(profile).digest('hex').slice(0, 32)}.pem`);

export async function keepCertificate(
  dataDir: string,
  profile: string,
  pem: string,
): Promise<string> {
  ensureOwnerOnlyFolder(folderOf(dataDir));
  const path = keptCertificatePath(dataDir, profile);
  await writeFile(path, pem, { mode: 0o600 });
  return path;
}

/** Removes the profile's kept certificate, if the desk kept one. */
export async function forgetCertificate(dataDir: string, profile: string): Promise<void> {
  await rm(keptCertificatePath(dataDir, profile), { force: true });
}
