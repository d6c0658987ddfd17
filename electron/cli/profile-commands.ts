// payout-desk profile add | list: where the service is, and (write-only) its credentials.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Profile } from '../core/client';
import { Outbox } from '../core/outbox';
import { openSecretStore, ProfileSecrets } from '../core/secrets';
import { print, UsageError, type CliContext } from './context';

export async function profileCommand(ctx: CliContext, args: string[]): Promise<void> {
  const [action, ...rest] = args;
  if (action === 'list') return listProfiles(ctx);
  if (action === 'add') return addProfile(ctx, rest);
  throw new UsageError(
    'usage: payout-desk profile add NAME --base-url URL --auth-url URL [--ca FILE] [--kind sandbox|production] | profile list',
  );
}

async function addProfile(ctx: CliContext, args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      'base-url': { type: 'string' },
      'auth-url': { type: 'string' },
      ca: { type: 'string' },
      kind: { type: 'string' },
    },
  });
  const name = positionals[0];
  if (!name || !values['base-url'] || !values['auth-url']) {
    throw new UsageError(
      'usage: payout-desk profile add NAME --base-url URL --auth-url URL [--ca FILE]',
    );
  }
  const kind = values.kind ?? 'sandbox';
  const checked = Profile.safeParse({
    name,
    kind,
    baseUrl: values['base-url'],
    authUrl: values['auth-url'],
  });
  if (!checked.success)
    throw new UsageError(checked.error.issues.map((issue) => issue.message).join('; '));
  if (values.ca && !existsSync(values.ca)) throw new UsageError(`--ca ${values.ca}: no such file`);
  const outbox = Outbox.open(ctx.dataDir);
  try {
    outbox.profiles.save({
      name,
      kind: checked.data.kind,
      baseUrl: checked.data.baseUrl,
      authUrl: checked.data.authUrl,
      caPath: values.ca ?? null,
    });
    outbox.audit.append('profile', { details: { name, base_url: checked.data.baseUrl } });
  } finally {
    outbox.close();
  }
  let credentials =
    'not saved (set PAYOUT_DESK_API_KEY and PAYOUT_DESK_CLIENT_SECRET when adding, or at each run)';
  if (ctx.env.PAYOUT_DESK_API_KEY && ctx.env.PAYOUT_DESK_CLIENT_SECRET) {
    const store = await openSecretStore({ allowMemory: false });
    await new ProfileSecrets(store, name).saveCredentials({
      apiKey: ctx.env.PAYOUT_DESK_API_KEY,
      clientSecret: ctx.env.PAYOUT_DESK_CLIENT_SECRET,
    });
    credentials = 'saved on the OS keychain';
  }
  print(
    ctx,
    {
      name,
      kind,
      base_url: checked.data.baseUrl,
      auth_url: checked.data.authUrl,
      ca: values.ca ?? null,
      credentials,
    },
    () => `Profile ${name} saved; credentials ${credentials}`,
  );
}

async function listProfiles(ctx: CliContext): Promise<void> {
  const outbox = Outbox.open(ctx.dataDir);
  try {
    const saved = outbox.profiles.list().map((p) => ({
      name: p.name,
      kind: p.kind as string,
      base_url: p.baseUrl,
      auth_url: p.authUrl,
      ca: p.caPath,
    }));
    const profiles = [
      {
        name: 'Local sandbox',
        kind: 'local',
        base_url: '(started on demand)',
        auth_url: '',
        ca: null as string | null,
      },
      ...saved,
    ];
    print(ctx, { profiles }, () =>
      profiles.map((p) => `${p.name} (${p.kind}) ${p.base_url}`).join('\n'),
    );
  } finally {
    outbox.close();
  }
}
