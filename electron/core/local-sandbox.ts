// The Local sandbox profile: with no profile chosen, the core starts the Payments Service
// sandbox in this process, on a free loopback port, with its data under the data folder, so
// that a new user needs no credentials to try the whole flow. The core does not import the
// sandbox (they meet only over HTTPS): the composition root hands it a starter.
import { join } from 'node:path';
import type { Credentials } from './client/payments-client';
import type { Profile } from './client/profile';
import { ensureOwnerOnlyFolder } from './outbox';

export interface StartedSandbox {
  baseUrl: string;
  authUrl: string;
  ca: string;
  /** The sandbox's own demo credentials: the Local sandbox profile needs no set-up. */
  credentials: Credentials;
  close(): Promise<void>;
}

export type SandboxStarter = (options: {
  dataDir: string;
  port: number;
}) => Promise<StartedSandbox>;

export const LOCAL_PROFILE_NAME = 'Local sandbox';

export interface LocalSandboxProfile {
  profile: Profile;
  credentials: Credentials;
  close(): Promise<void>;
}

export async function startLocalSandbox(
  start: SandboxStarter,
  dataDir: string,
): Promise<LocalSandboxProfile> {
  // The sandbox makes its own folder as it decides, and would make a missing data folder on
  // the way with the umask's mode: the data folder is made the owner's alone first.
  ensureOwnerOnlyFolder(dataDir);
  const sandbox = await start({ dataDir: join(dataDir, 'sandbox'), port: 0 });
  return {
    profile: {
      name: LOCAL_PROFILE_NAME,
      kind: 'local',
      baseUrl: sandbox.baseUrl,
      authUrl: sandbox.authUrl,
      caPem: sandbox.ca, // trust exactly the sandbox's own certificate
    },
    // Never credentials from elsewhere: those of a saved profile do not open this sandbox.
    credentials: sandbox.credentials,
    close: () => sandbox.close(),
  };
}
