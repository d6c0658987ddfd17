// Where credentials and cached tokens live: the OS keychain, per profile. Never SQLite, logs,
// exports, error messages or the renderer (DESIGN.md "Secrets and transport").
export type SecretName = 'api_key' | 'client_secret' | 'token';

export interface SecretStore {
  /** "keychain" or "memory": shown to the user, so they know what survives a restart. */
  readonly kind: 'keychain' | 'memory';
  get(profile: string, name: SecretName): Promise<string | undefined>;
  set(profile: string, name: SecretName, value: string): Promise<void>;
  delete(profile: string, name: SecretName): Promise<void>;
}

export class KeychainUnavailableError extends Error {
  readonly code = 'keychain_unavailable';

  constructor(reason: string) {
    super(
      `No OS keychain is available (${reason}). Payout Desk keeps credentials only in the keychain, never in a file. ` +
        'On Linux install and unlock a Secret Service provider (Debian: apt-get install gnome-keyring), ' +
        'or keep credentials in memory for this run only.',
    );
    this.name = 'KeychainUnavailableError';
  }
}

/** For this run only, when the user asks for it because no keychain exists. */
export class MemorySecretStore implements SecretStore {
  readonly kind = 'memory';
  private readonly values = new Map<string, string>();

  async get(profile: string, name: SecretName) {
    return this.values.get(`${profile}\u0000${name}`);
  }

  async set(profile: string, name: SecretName, value: string) {
    this.values.set(`${profile}\u0000${name}`, value);
  }

  async delete(profile: string, name: SecretName) {
    this.values.delete(`${profile}\u0000${name}`);
  }
}
