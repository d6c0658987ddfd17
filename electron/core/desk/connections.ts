// The service, per profile: one client each, made on first use and kept. The Local sandbox is
// started in this process on first use, with its own credentials; a saved profile's
// credentials come from memory (this run only) or the OS keychain. Every call through here
// tells whether the service answered, so every face can show online or offline, and when. What
// the service taught about a profile's key (a beneficiary key, or one for the whole account) is
// remembered until its credentials or addresses change.
import { readFile } from 'node:fs/promises';
import { DeskError } from '../../../shared/desk/errors';
import { LOCAL_PROFILE } from '../../../shared/desk/profiles';
import type { DeskEvents } from './desk-events';
import { PaymentsClient, ServiceCallError, type Credentials, type RetryPolicy } from '../client';
import { startLocalSandbox, type SandboxStarter } from '../local-sandbox';
import type { Outbox } from '../outbox';
import { MemorySecretStore, ProfileSecrets, type SecretStore } from '../secrets';

/** What a profile's key may do: everything of the account, or only its beneficiary's record. */
export type KeyKind = 'account' | 'beneficiary';

export interface Connected {
  client: PaymentsClient;
  name: string;
  kind: 'local' | 'sandbox' | 'production';
  baseUrl: string;
}

interface Contact {
  online: boolean | null;
  /** When the service last answered: offline, the age of the copies a person is shown. */
  at: string | null;
  error: string | null;
}

export interface ConnectionsOptions {
  outbox: Outbox;
  dataDir: string;
  events: DeskEvents;
  now: () => Date;
  /** The OS keychain; null when none is available. */
  keychain: () => Promise<SecretStore | null>;
  startSandbox?: SandboxStarter | undefined;
  retry?: RetryPolicy | undefined;
}

/** The names a person may use for the Local sandbox profile. */
export const isLocalProfile = (name: string | undefined): boolean =>
  name === undefined || name === LOCAL_PROFILE || name === 'local';

export class Connections {
  private readonly clients = new Map<string, Promise<Connected>>();
  private readonly contact = new Map<string, Contact>();
  private sandboxClose: (() => Promise<void>) | undefined;
  private readonly startedUrls = new Map<string, string>();
  /** Credentials kept for this run only (no keychain, or given for one command). */
  readonly memory = new MemorySecretStore();

  constructor(private readonly options: ConnectionsOptions) {}

  /** The profile's client, connected on first use. */
  connect(profile: string): Promise<Connected> {
    const name = isLocalProfile(profile) ? LOCAL_PROFILE : profile;
    let connected = this.clients.get(name);
    if (!connected) {
      connected = name === LOCAL_PROFILE ? this.local() : this.saved(name);
      this.clients.set(name, connected);
      connected.then((c) => this.startedUrls.set(name, c.baseUrl)).catch(() => undefined);
      connected.catch(() => this.clients.delete(name));
    }
    return connected;
  }

  /** Runs a call on the profile's client, noting whether the service answered. */
  async use<T>(profile: string, call: (connected: Connected) => Promise<T>): Promise<T> {
    const connected = await this.connect(profile);
    try {
      const value = await call(connected);
      this.noteContact(connected.name, true);
      return value;
    } catch (error) {
      if (error instanceof ServiceCallError) {
        // An answer, even a refusal, is contact; only no answer at all is offline.
        this.noteContact(connected.name, error.kind !== 'network', error.message);
      }
      throw error;
    }
  }

  status(profile: string): Contact {
    return (
      this.contact.get(isLocalProfile(profile) ? LOCAL_PROFILE : profile) ?? {
        online: null,
        at: null,
        error: null,
      }
    );
  }

  /** When the profile's token expires, if it has one in hand. */
  tokenValidUntil(profile: string): Promise<string | undefined> {
    const name = isLocalProfile(profile) ? LOCAL_PROFILE : profile;
    const connected = this.clients.get(name);
    if (!connected) return Promise.resolve(undefined);
    return connected.then((c) => c.client.tokenValidUntil()).catch(() => undefined);
  }

  /** The profile's connection if it was made (the Local sandbox's address once started). */
  started(profile: string): { baseUrl: string } | undefined {
    return this.startedUrls.get(profile)
      ? { baseUrl: this.startedUrls.get(profile) as string }
      : undefined;
  }

  /** What the service taught about the profile's key; null until it has. */
  keyKind(profile: string): KeyKind | null {
    if (isLocalProfile(profile)) return 'account'; // the sandbox's own credentials
    return this.options.outbox.settings.get<KeyKind | null>(keyKindSetting(profile)) ?? null;
  }

  learnKeyKind(profile: string, kind: KeyKind | null): void {
    if (isLocalProfile(profile) || this.keyKind(profile) === kind) return;
    this.options.outbox.settings.set(keyKindSetting(profile), kind);
  }

  /** Forgets a profile's client and what its key was: its credentials or addresses changed. */
  async forget(profile: string): Promise<void> {
    this.learnKeyKind(profile, null);
    const connected = this.clients.get(profile);
    this.clients.delete(profile);
    this.startedUrls.delete(profile);
    await connected?.then((c) => c.client.close()).catch(() => undefined);
  }

  async credentials(profile: string): Promise<{ credentials?: Credentials; store?: SecretStore }> {
    const inMemory = await new ProfileSecrets(this.memory, profile).credentials();
    if (inMemory) return { credentials: inMemory, store: this.memory };
    const keychain = await this.options.keychain();
    if (!keychain) return {};
    const saved = await new ProfileSecrets(keychain, profile).credentials();
    return saved ? { credentials: saved, store: keychain } : {};
  }

  async close(): Promise<void> {
    for (const connected of this.clients.values()) {
      await connected.then((c) => c.client.close()).catch(() => undefined);
    }
    this.clients.clear();
    await this.sandboxClose?.();
    this.sandboxClose = undefined;
  }

  noteContact(profile: string, online: boolean, error?: string) {
    const before = this.contact.get(profile);
    const at = this.options.now().toISOString();
    // A failed try is no contact: offline keeps the time of the last answer.
    const lastAnswer = online ? at : (before?.at ?? null);
    this.contact.set(profile, { online, at: lastAnswer, error: online ? null : (error ?? null) });
    if (before?.online !== online) {
      this.options.events.emit({
        type: 'connectivity',
        profile,
        online,
        at,
        ...(online || !error ? {} : { error }),
      });
    }
  }

  private retryOption() {
    return this.options.retry ? { retry: this.options.retry } : {};
  }

  private async local(): Promise<Connected> {
    const start = this.options.startSandbox;
    if (!start) {
      throw new DeskError('not_found', 'the Local sandbox is not available in this build');
    }
    const sandbox = await startLocalSandbox(start, this.options.dataDir);
    this.sandboxClose = () => sandbox.close();
    return {
      client: new PaymentsClient({
        profile: sandbox.profile,
        credentials: sandbox.credentials,
        ...this.retryOption(),
      }),
      name: LOCAL_PROFILE,
      kind: 'local',
      baseUrl: sandbox.profile.baseUrl,
    };
  }

  private async saved(name: string): Promise<Connected> {
    const saved = this.options.outbox.profiles.get(name);
    if (!saved) throw new DeskError('not_found', `no profile named "${name}"`);
    const { credentials, store } = await this.credentials(name);
    if (!credentials) {
      throw new DeskError(
        'no_credentials',
        `profile "${name}" has no credentials: save its API key and client secret first`,
      );
    }
    const caPem = saved.caPath
      ? await readFile(saved.caPath, 'utf8').catch(() => {
          throw new DeskError(
            'not_found',
            `the certificate file of profile "${name}" (${saved.caPath}) cannot be read`,
          );
        })
      : undefined;
    const client = new PaymentsClient({
      profile: {
        name: saved.name,
        kind: saved.kind,
        baseUrl: saved.baseUrl,
        authUrl: saved.authUrl,
        ...(caPem ? { caPem } : {}),
      },
      credentials,
      ...(store ? { tokenStore: new ProfileSecrets(store, name).tokenStore() } : {}),
      ...this.retryOption(),
      onBeneficiaryKeyRefusal: () => this.learnKeyKind(name, 'beneficiary'),
    });
    return { client, name, kind: saved.kind, baseUrl: saved.baseUrl };
  }
}

const keyKindSetting = (profile: string) => `key_kind:${profile}`;
