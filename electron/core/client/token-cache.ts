// One bearer token per profile, reused until shortly before its valid_until, refreshed by one
// request however many calls are waiting for it. A stored token (the keychain, later) can seed
// it so that a restart does not ask for a new one.
import type { Token } from '../../../shared/service';

/** Refresh this long before valid_until: a token must not expire between check and use. */
export const REFRESH_MARGIN_MS = 60_000;

export interface TokenStore {
  load(): Promise<Token | undefined>;
  save(token: Token): Promise<void>;
}

export class TokenCache {
  private current: Token | undefined;
  private loaded = false;
  private refreshing: Promise<Token> | undefined;

  constructor(
    private readonly issue: () => Promise<Token>,
    private readonly now: () => number,
    private readonly store?: TokenStore,
  ) {}

  async token(): Promise<string> {
    if (!this.loaded && this.store) {
      this.current ??= await this.store.load();
      this.loaded = true;
    }
    if (this.current && this.isFresh(this.current)) return this.current.token;
    return (await this.refresh()).token;
  }

  /** When the token in hand expires; undefined before one was fetched or loaded. */
  validUntil(): string | undefined {
    return this.current?.valid_until;
  }

  /** The service refused `token` (401): forget it, unless a newer one is already here. */
  invalidate(token: string): void {
    if (this.current?.token === token) this.current = undefined;
  }

  private refresh(): Promise<Token> {
    this.refreshing ??= (async () => {
      try {
        const token = await this.issue();
        this.current = token;
        await this.store?.save(token);
        return token;
      } finally {
        this.refreshing = undefined;
      }
    })();
    return this.refreshing;
  }

  private isFresh(token: Token): boolean {
    return Date.parse(token.valid_until) - REFRESH_MARGIN_MS > this.now();
  }
}
