// A profile's credentials and cached token, read and written through a SecretStore. The
// token is a bearer credential too: it lives beside the keys, never in the outbox.
import { Token } from '../../../shared/service';
import type { Credentials } from '../client/payments-client';
import type { TokenStore } from '../client/token-cache';
import type { SecretStore } from './secret-store';

export class ProfileSecrets {
  constructor(
    private readonly store: SecretStore,
    private readonly profile: string,
  ) {}

  /** Write-only from the user's side: nothing reads them back but the client. */
  async saveCredentials(credentials: Credentials): Promise<void> {
    await this.store.set(this.profile, 'api_key', credentials.apiKey);
    await this.store.set(this.profile, 'client_secret', credentials.clientSecret);
    await this.store.delete(this.profile, 'token'); // a token of other credentials must not be reused
  }

  async credentials(): Promise<Credentials | undefined> {
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
  tokenStore(): TokenStore {
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
