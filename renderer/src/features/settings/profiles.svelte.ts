// The profiles part of Settings: every profile with where it points and whether its credentials
// are kept (never what they are: the contract is write-only for them), adding one, replacing or
// removing its credentials, testing its connection, removing it. Each profile's last test
// result is kept beside it so the card can say until when the token is valid.
import type { DeskInput, DeskOutput } from '../../../../shared/desk';
import { desk, sentenceOf } from '../../lib/desk';
import { NewestQuestion } from '../../lib/newest-question';
import { status } from '../status/status.svelte';

export type Profile = DeskOutput<'listProfiles'>['profiles'][number];
export type SecretStoreKind = DeskOutput<'listProfiles'>['secret_store'];
type Tested = DeskOutput<'testConnection'>;

export interface ProfileNote {
  testing: boolean;
  tested: Tested | null;
  error: string | null;
  /** What was done last, for the polite live region ("Credentials replaced"). */
  done: string | null;
}

export class ProfilesState {
  profiles = $state<Profile[]>([]);
  secretStore = $state<SecretStoreKind>('keychain');
  loaded = $state(false);
  error = $state<string | null>(null);
  notes = $state<Record<string, ProfileNote>>({});
  readonly #question = new NewestQuestion();

  async load(): Promise<void> {
    const newest = this.#question.ask();
    try {
      const list = await desk.listProfiles({});
      if (!newest()) return;
      this.profiles = list.profiles;
      this.secretStore = list.secret_store;
      this.error = null;
    } catch (error) {
      if (newest()) this.error = sentenceOf(error);
    } finally {
      if (newest()) this.loaded = true;
    }
  }

  noteOf(name: string): ProfileNote {
    return this.notes[name] ?? { testing: false, tested: null, error: null, done: null };
  }

  private note(name: string, change: Partial<ProfileNote>): void {
    this.notes[name] = { ...this.noteOf(name), ...change };
  }

  /** Adds the profile; the error is the caller's to show beside the form. */
  async add(input: DeskInput<'addProfile'>): Promise<void> {
    await desk.addProfile(input);
    this.note(input.name, { done: 'Profile added' });
    await this.changed();
  }

  async setCredentials(
    name: string,
    credentials: { api_key: string; client_secret: string },
    keepInMemory: boolean,
  ): Promise<void> {
    const saved = await desk.setCredentials({ name, ...credentials, keep_in_memory: keepInMemory });
    this.note(name, {
      tested: null,
      error: null,
      done:
        saved.stored_in === 'keychain'
          ? 'Credentials saved on the keychain'
          : 'Credentials kept for this run only',
    });
    await this.load();
  }

  async removeCredentials(name: string): Promise<void> {
    await this.act(name, async () => {
      await desk.removeCredentials({ name });
      this.note(name, { tested: null, done: 'Credentials removed' });
    });
  }

  async test(name: string): Promise<void> {
    this.note(name, { testing: true, error: null, done: null });
    let outcome: Pick<ProfileNote, 'tested' | 'error'>;
    try {
      outcome = { tested: await desk.testConnection({ name }), error: null };
    } catch (error) {
      outcome = { tested: null, error: sentenceOf(error) };
    }
    // The list first (the Local sandbox's address is known once it started), so the card never
    // says "Connected" beside "Started on this machine when first used".
    await this.load();
    this.note(name, { ...outcome, testing: false });
    await status.refresh();
  }

  async remove(name: string): Promise<void> {
    await this.act(name, async () => {
      await desk.removeProfile({ name });
      delete this.notes[name];
    });
    await this.changed();
  }

  private async act(name: string, work: () => Promise<void>): Promise<void> {
    try {
      await work();
      this.error = null;
    } catch (error) {
      this.note(name, { error: sentenceOf(error) });
    }
    await this.load();
  }

  /** The status bar's profile switch lists profiles too: it reloads on this. */
  private async changed(): Promise<void> {
    await this.load();
    await status.refresh();
    status.outboxVersion += 1;
  }
}
