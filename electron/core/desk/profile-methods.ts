// Profiles: where the service is, and its credentials (write-only: nothing here reads one back
// to a caller). Adding a profile writes the outbox and the keychain together or neither. The
// Local sandbox needs no set-up and cannot be removed.
import { readFile } from 'node:fs/promises';
import { DeskError } from '../../../shared/desk/errors';
import { LOCAL_PROFILE, type ProfileInfo } from '../../../shared/desk/profiles';
import { ServiceCallError } from '../client';
import { ProfileSecrets } from '../secrets';
import type { SavedProfile } from '../outbox';
import { isLocalProfile } from './connections';
import { forgetCertificate, keepCertificate } from './profile-certificates';
import { profileOf, type DeskContext, type DeskHandlers } from './desk-context';

type ProfileHandlers = Pick<
  DeskHandlers,
  | 'listProfiles'
  | 'addProfile'
  | 'removeProfile'
  | 'setCredentials'
  | 'removeCredentials'
  | 'testConnection'
  | 'selectProfile'
  | 'status'
>;

/**
 * Refuses to change how a profile reaches its service while a sync of one of its batches runs:
 * the sync's connection would be closed under a request (and the sync stop as if offline), or,
 * between requests, carry on with credentials the person has just removed.
 */
function refuseWhileSyncing(ctx: DeskContext, profile: string, what: string): void {
  for (const job of ctx.jobs.list()) {
    if (job.kind !== 'sync' || job.batch_id === null) continue;
    const batch = ctx.outbox.batches.get(job.batch_id);
    if (batch?.profile !== profile) continue;
    throw new DeskError(
      'busy',
      `batch "${batch.name}" is syncing with this profile: wait for its sync to end, or cancel it, then ${what}`,
    );
  }
}

const OWN_CREDENTIALS = 'the Local sandbox uses its own credentials';

/**
 * The saved profile a change is about, checked as every change of one is: not the Local
 * sandbox (`localRefusal` says why), known, and not syncing (`what` is the change).
 */
function profileToChange(ctx: DeskContext, name: string, localRefusal: string, what: string): void {
  if (isLocalProfile(name)) throw new DeskError('conflict', localRefusal);
  if (!ctx.outbox.profiles.get(name)) {
    throw new DeskError('not_found', `no profile named "${name}"`);
  }
  refuseWhileSyncing(ctx, name, what);
}

export function profileHandlers(ctx: DeskContext): ProfileHandlers {
  const { outbox } = ctx;
  return {
    listProfiles: async () => {
      const keychain = await ctx.keychain();
      const active = profileOf(ctx, undefined);
      const profiles = [await localInfo(ctx, active)];
      for (const saved of outbox.profiles.list())
        profiles.push(await savedInfo(ctx, saved, active));
      return { profiles, secret_store: keychain ? 'keychain' : 'unavailable' } as const;
    },

    addProfile: async (input) => {
      if (isLocalProfile(input.name)) {
        throw new DeskError(
          'conflict',
          `"${input.name}" is the Local sandbox's name: choose another`,
        );
      }
      const before = outbox.profiles.get(input.name);
      if (before) refuseWhileSyncing(ctx, input.name, 'replace it');
      if (before && !input.replace) {
        throw new DeskError(
          'conflict',
          `a profile named "${input.name}" exists already (${before.kind}, ${before.baseUrl}): choose another name, or remove it first`,
        );
      }
      // Credentials are for the address they were given for: a profile moved to another one
      // without its own loses them, rather than sending them there.
      const moved =
        before !== undefined &&
        (before.baseUrl !== input.base_url || before.authUrl !== input.auth_url);
      if (input.ca_path) {
        await readFile(input.ca_path, 'utf8').catch(() => {
          throw new DeskError('not_found', `the certificate file ${input.ca_path} cannot be read`);
        });
      }
      // The keychain first: should it fail, no profile without its credentials is left behind.
      if (input.credentials) {
        await saveCredentials(ctx, input.name, input.credentials, input.keep_in_memory);
      } else if (moved) {
        await forgetCredentials(ctx, input.name);
      }
      try {
        const caPath = input.ca_pem
          ? await keepCertificate(ctx.dataDir, input.name, input.ca_pem)
          : (input.ca_path ?? null);
        outbox.db.transaction(() => {
          outbox.profiles.save({
            name: input.name,
            kind: input.kind,
            baseUrl: input.base_url,
            authUrl: input.auth_url,
            caPath,
          });
          outbox.audit.append('profile', {
            details: {
              name: input.name,
              kind: input.kind,
              base_url: input.base_url,
              ...(before ? { replaced: true } : {}),
            },
          });
        })();
      } catch (error) {
        if (input.credentials) await forgetCredentials(ctx, input.name);
        throw error;
      }
      await ctx.connections.forget(input.name);
      return savedInfo(
        ctx,
        outbox.profiles.get(input.name) as SavedProfile,
        profileOf(ctx, undefined),
      );
    },

    removeProfile: async ({ name }) => {
      profileToChange(ctx, name, 'the Local sandbox cannot be removed', 'remove it');
      const inFlight = outbox.db
        .prepare(
          `SELECT b.name FROM batches b JOIN payment_drafts p ON p.batch_id = b.id
           WHERE b.profile = ? AND p.state IN ('sending', 'submitted') LIMIT 1`,
        )
        .pluck()
        .get(name) as string | undefined;
      if (inFlight) {
        throw new DeskError(
          'conflict',
          `batch "${inFlight}" has payments on their way to this profile's service: finish its sync first`,
        );
      }
      await forgetCredentials(ctx, name);
      await forgetCertificate(ctx.dataDir, name);
      outbox.db.transaction(() => {
        outbox.db.prepare('DELETE FROM profiles WHERE name = ?').run(name);
        outbox.cache.forget(name);
        if (profileOf(ctx, undefined) === name)
          outbox.settings.set('active_profile', LOCAL_PROFILE);
        outbox.audit.append('remove_profile', { details: { name } });
      })();
      await ctx.connections.forget(name);
      return { removed: name };
    },

    setCredentials: async ({ name, api_key, client_secret, keep_in_memory }) => {
      profileToChange(ctx, name, OWN_CREDENTIALS, 'change its credentials');
      const stored = await saveCredentials(ctx, name, { api_key, client_secret }, keep_in_memory);
      await ctx.connections.forget(name);
      outbox.audit.append('credentials', { details: { name, stored_in: stored } });
      return { stored_in: stored };
    },

    removeCredentials: async ({ name }) => {
      profileToChange(ctx, name, OWN_CREDENTIALS, 'remove its credentials');
      await forgetCredentials(ctx, name);
      await ctx.connections.forget(name);
      outbox.audit.append('remove_credentials', { details: { name } });
      return { profile: name };
    },

    testConnection: async ({ name }) => {
      const profile = profileOf(ctx, name);
      // Reading a group tells the kind of key too: a beneficiary key gets its token, but the
      // service refuses it the list (the refusal teaches the connections so), and that is no
      // failed test: the card then says what the key may do.
      let groups: number | null = null;
      try {
        const page = await ctx.connections.use(profile, ({ client }) =>
          client.listGroups({ take: 1 }),
        );
        groups = page.items.length;
        ctx.connections.learnKeyKind(profile, 'account');
      } catch (error) {
        if (!(error instanceof ServiceCallError && error.beneficiaryKeyRefusal)) throw error;
      }
      const connected = await ctx.connections.connect(profile);
      return {
        profile: connected.name,
        base_url: connected.baseUrl,
        token_valid_until: connected.client.tokenValidUntil() ?? ctx.now().toISOString(),
        groups,
        key_kind: ctx.connections.keyKind(connected.name),
        checked_at: ctx.now().toISOString(),
      };
    },

    selectProfile: async ({ name }) => {
      const chosen = isLocalProfile(name) ? LOCAL_PROFILE : name;
      const saved = chosen === LOCAL_PROFILE ? undefined : outbox.profiles.get(chosen);
      if (chosen !== LOCAL_PROFILE && !saved) {
        throw new DeskError('not_found', `no profile named "${name}"`);
      }
      outbox.db.transaction(() => {
        outbox.settings.set('active_profile', chosen);
        // Which service the desk works on from now, and with whose money: logged as the rest.
        outbox.audit.append('select_profile', {
          details: { name: chosen, kind: saved?.kind ?? 'sandbox' },
        });
      })();
      return saved ? savedInfo(ctx, saved, chosen) : localInfo(ctx, chosen);
    },

    status: async () => {
      const name = profileOf(ctx, undefined);
      const saved = name === LOCAL_PROFILE ? undefined : outbox.profiles.get(name);
      const contact = ctx.connections.status(name);
      return {
        profile: { name, kind: saved?.kind ?? 'local' },
        online: contact.online,
        last_contact_at: contact.at,
        last_error: contact.error,
        token_valid_until: (await ctx.connections.tokenValidUntil(name)) ?? null,
        jobs: ctx.jobs.list(),
      };
    },
  };
}

async function localInfo(ctx: DeskContext, active: string): Promise<ProfileInfo> {
  const started = ctx.connections.started(LOCAL_PROFILE);
  return {
    name: LOCAL_PROFILE,
    kind: 'local',
    base_url: started?.baseUrl ?? null,
    auth_url: null,
    ca_path: null,
    credentials: 'not_needed',
    key_kind: 'account',
    token_valid_until: (await ctx.connections.tokenValidUntil(LOCAL_PROFILE)) ?? null,
    active: active === LOCAL_PROFILE,
  };
}

async function savedInfo(
  ctx: DeskContext,
  saved: SavedProfile,
  active: string,
): Promise<ProfileInfo> {
  const inMemory = await new ProfileSecrets(ctx.connections.memory, saved.name).credentials();
  const keychain = inMemory ? null : await ctx.keychain();
  const onKeychain = keychain
    ? await new ProfileSecrets(keychain, saved.name).credentials()
    : undefined;
  return {
    name: saved.name,
    kind: saved.kind,
    base_url: saved.baseUrl,
    auth_url: saved.authUrl,
    ca_path: saved.caPath,
    credentials: inMemory ? 'in_memory' : onKeychain ? 'saved' : 'missing',
    key_kind: ctx.connections.keyKind(saved.name),
    token_valid_until: (await ctx.connections.tokenValidUntil(saved.name)) ?? null,
    active: active === saved.name,
  };
}

/** On the keychain, or in memory for this run when asked (no keychain, or one command's). */
async function saveCredentials(
  ctx: DeskContext,
  name: string,
  credentials: { api_key: string; client_secret: string },
  inMemory: boolean,
): Promise<'keychain' | 'memory'> {
  const value = { apiKey: credentials.api_key, clientSecret: credentials.client_secret };
  if (inMemory) {
    await new ProfileSecrets(ctx.connections.memory, name).saveCredentials(value);
    return 'memory';
  }
  const keychain = await ctx.keychain();
  if (!keychain) {
    throw new DeskError(
      'keychain_unavailable',
      'No OS keychain is available, and Payout Desk keeps credentials only there, never in a file: unlock or install one (on Linux a Secret Service such as gnome-keyring), or keep the credentials in memory for this run only',
    );
  }
  await new ProfileSecrets(keychain, name).saveCredentials(value);
  return 'keychain';
}

async function forgetCredentials(ctx: DeskContext, name: string): Promise<void> {
  await new ProfileSecrets(ctx.connections.memory, name).forget();
  const keychain = await ctx.keychain();
  if (keychain) await new ProfileSecrets(keychain, name).forget();
}
