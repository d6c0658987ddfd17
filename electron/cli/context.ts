// What every command gets: where data lives, how to reach the service, how to print.
import { readFile } from 'node:fs/promises';
import { PaymentsClient } from '../core/client';
import { LOCAL_PROFILE_NAME, startLocalSandbox, type SandboxStarter } from '../core/local-sandbox';
import { Outbox, type Batch } from '../core/outbox';
import { openSecretStore, ProfileSecrets } from '../core/secrets';

export interface CliContext {
  dataDir: string;
  json: boolean;
  out: (text: string) => void;
  /** Progress and notes for people; never mixed into --json output. */
  note: (text: string) => void;
  startSandbox: SandboxStarter;
  env: NodeJS.ProcessEnv;
}

export class UsageError extends Error {}

/** The outbox for one command, closed (and checkpointed) however the command ends. */
export function withOutbox<T>(ctx: CliContext, run: (outbox: Outbox) => Promise<T>): Promise<T> {
  const outbox = Outbox.open(ctx.dataDir);
  return run(outbox).finally(() => outbox.close());
}

export function findBatch(outbox: Outbox, name: string | undefined): Batch {
  if (!name) throw new UsageError('name the batch: payout-desk batches lists them');
  const batch = outbox.batches.find(name);
  if (!batch) throw new UsageError(`no batch "${name}": payout-desk batches lists them`);
  return batch;
}

/** A client of the chosen profile; with none, of the Local sandbox started in this process. */
export async function openClient(ctx: CliContext, profileName: string | undefined) {
  if (profileName && profileName !== 'local' && profileName !== LOCAL_PROFILE_NAME) {
    return openSavedProfile(ctx, profileName);
  }
  const local = await startLocalSandbox(ctx.startSandbox, ctx.dataDir, {
    apiKey: ctx.env.PAYOUT_DESK_API_KEY ?? 'sandbox-api-key',
    clientSecret: ctx.env.PAYOUT_DESK_CLIENT_SECRET ?? 'sandbox-client-secret',
  });
  ctx.note(`Using the Local sandbox at ${local.profile.baseUrl}`);
  const client = new PaymentsClient({ profile: local.profile, credentials: local.credentials });
  return {
    client,
    close: async () => {
      client.close();
      await local.close();
    },
  };
}

/** A saved profile: its addresses from the outbox, its credentials from the environment or the keychain. */
async function openSavedProfile(ctx: CliContext, name: string) {
  const outbox = Outbox.open(ctx.dataDir);
  const saved = outbox.profiles.get(name);
  outbox.close();
  if (!saved)
    throw new UsageError(
      `no profile "${name}": add it with payout-desk profile add ${name} --base-url URL --auth-url URL`,
    );
  const fromEnv = ctx.env.PAYOUT_DESK_API_KEY && ctx.env.PAYOUT_DESK_CLIENT_SECRET;
  const secrets = fromEnv
    ? undefined
    : new ProfileSecrets(await openSecretStore({ allowMemory: false }), name);
  const credentials = fromEnv
    ? {
        apiKey: ctx.env.PAYOUT_DESK_API_KEY as string,
        clientSecret: ctx.env.PAYOUT_DESK_CLIENT_SECRET as string,
      }
    : await secrets?.credentials();
  if (!credentials) {
    throw new UsageError(
      `profile "${name}" has no credentials: set PAYOUT_DESK_API_KEY and PAYOUT_DESK_CLIENT_SECRET, or save them with payout-desk profile add`,
    );
  }
  const client = new PaymentsClient({
    profile: {
      name: saved.name,
      kind: saved.kind,
      baseUrl: saved.baseUrl,
      authUrl: saved.authUrl,
      ...(saved.caPath ? { caPem: await readFile(saved.caPath, 'utf8') } : {}),
    },
    credentials,
    ...(secrets ? { tokenStore: secrets.tokenStore() } : {}),
  });
  ctx.note(`Using profile ${saved.name} at ${saved.baseUrl}`);
  return { client, close: async () => client.close() };
}

export function print(ctx: CliContext, value: unknown, text: () => string): void {
  ctx.out(ctx.json ? JSON.stringify(value, null, 2) : text());
}
