// The OS keychain through keytar: macOS Keychain, Windows Credential Vault, the Secret Service
// (gnome-keyring, KWallet) on Linux. One entry per profile and secret.
import keytar from 'keytar';
import {
  KeychainUnavailableError,
  MemorySecretStore,
  type SecretName,
  type SecretStore,
} from './secret-store';

export const KEYCHAIN_SERVICE = 'payout-desk';

export class KeychainSecretStore implements SecretStore {
  readonly kind = 'keychain';

  constructor(private readonly service = KEYCHAIN_SERVICE) {}

  /** Fails with KeychainUnavailableError when there is no keychain to talk to. */
  async probe(): Promise<void> {
    try {
      await keytar.findCredentials(this.service);
    } catch (error) {
      throw new KeychainUnavailableError((error as Error).message);
    }
  }

  async get(profile: string, name: SecretName) {
    return (
      (await this.guard(() => keytar.getPassword(this.service, account(profile, name)))) ??
      undefined
    );
  }

  async set(profile: string, name: SecretName, value: string) {
    await this.guard(() => keytar.setPassword(this.service, account(profile, name), value));
  }

  async delete(profile: string, name: SecretName) {
    await this.guard(() => keytar.deletePassword(this.service, account(profile, name)));
  }

  private async guard<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      throw new KeychainUnavailableError((error as Error).message);
    }
  }
}

const account = (profile: string, name: SecretName) => `${profile}/${name}`;

/** The keychain, or — only when the user allowed it — memory for this run. */
export async function openSecretStore(options: {
  allowMemory: boolean;
  service?: string;
}): Promise<SecretStore> {
  const keychain = new KeychainSecretStore(options.service);
  try {
    await keychain.probe();
    return keychain;
  } catch (error) {
    if (options.allowMemory) return new MemorySecretStore();
    throw error;
  }
}
