// A profile's credentials and cached token, read and written through a SecretStore. The
// token is a bearer credential too: it lives beside the keys, never in the outbox.
import { Token } from '../../../shared/service';
import type { SecretStore } from './secret-store';

// The shapes below are what the keychain holds, declared here so that secrets/ imports no
// other core folder (DESIGN.md). They match the client's Credentials and TokenStore
// structurally: the composition root hands one to the other and the compiler checks the fit.

/** The profile's api_key and client_secret. */
export interface StoredCredentials {
  apiKey: string;
  clientSecret: string;
}

/** Where a token cache loads its token from and saves a new one to. */
export interface StoredTokenSlot {
  load(): Promise<Token | undefined>;
  save(token: Token): Promise<void>;
}

export class ProfileSecrets {
  constructor(
    private readonly store: SecretStore,
    private readonly profile: string,
  ) {}

  /** Write-only from the user's side: nothing reads them back but the client. */
  async saveCredentials(credentials: StoredCredentials): Promise<void> {
    await this.store.set(this.profile, 'api_key', credentials.apiKey);
    await this.store.set(this.profile, 'client_secret', credentials.clientSecret);
    await this.store.delete(this.profile, 'token'); // a token of other credentials must not be reused
  }

  async credentials(): Promise<StoredCredentials | undefined> {
    const [apiKey, clientSecret] = await Promise.all([
      this.store.get(this.profile, 'api_key'),
      this.store.get(this.profile, 'client_secret'),
    ]);
    return apiKey && clientSecret ? { apiKey, clientSecret } : undefined;
  }

  async forget(): Promise<void> {
    for (const name of ['api_key', 'client_secret', 'token'] as const)
      await this.store.delete(this.profile, name);
  }

  /** The client's token cache keeps its token here, so that a restart reuses it. */
  tokenStore(): StoredTokenSlot {
    return {
      load: async () => {
        const text = await this.store.get(this.profile, 'token');
        if (!text) return undefined;
        try {
          const parsed = Token.safeParse(JSON.parse(text));
          return parsed.success ? parsed.data : undefined;
        } catch {
          return undefined;
        }
      },
      save: (token) => this.store.set(this.profile, 'token', JSON.stringify(token)),
    };
  }
}
