// payout-desk profile add | list | remove: where the service is, and (write-only) its
// credentials, taken from the environment when adding, never from a flag a shell would log.
import type { ProfileInfo } from '../../shared/desk';
import { print, UsageError, type CliContext, parseCommandLine } from './context';

export async function profileCommand(ctx: CliContext, args: string[]): Promise<void> {
  const [action, ...rest] = args;
  if (action === 'list') return listProfiles(ctx);
  if (action === 'add') return addProfile(ctx, rest);
  if (action === 'remove') return removeProfile(ctx, rest);
  throw new UsageError(
    'usage: payout-desk profile add NAME --base-url URL --auth-url URL [--ca FILE] [--kind sandbox|production] | profile list | profile remove NAME',
  );
}

async function addProfile(ctx: CliContext, args: string[]): Promise<void> {
  const { values, positionals } = parseCommandLine(1, {
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
  if (kind !== 'sandbox' && kind !== 'production') {
    throw new UsageError(`--kind takes sandbox or production, not "${kind}"`);
  }
  const apiKey = ctx.env.PAYOUT_DESK_API_KEY;
  const clientSecret = ctx.env.PAYOUT_DESK_CLIENT_SECRET;
  const profile = await ctx.desk.api.addProfile({
    name,
    // The command's own way to change a profile, named on its command line (its messages say
    // "add it again"); the window's form refuses a name taken.
    replace: true,
    kind,
    base_url: values['base-url'],
    auth_url: values['auth-url'],
    ...(values.ca ? { ca_path: values.ca } : {}),
    ...(apiKey && clientSecret
      ? { credentials: { api_key: apiKey, client_secret: clientSecret } }
      : {}),
  });
  const credentials =
    profile.credentials === 'saved'
      ? 'saved on the OS keychain'
      : 'not saved (set PAYOUT_DESK_API_KEY and PAYOUT_DESK_CLIENT_SECRET when adding, or at each run)';
  print(
    ctx,
    {
      name,
      kind,
      base_url: profile.base_url,
      auth_url: profile.auth_url,
      ca: profile.ca_path,
      credentials,
    },
    () => `Profile ${name} saved; credentials ${credentials}`,
  );
}

/** Where a profile's credentials are, in words (the JSON keeps the desk's names). */
const CREDENTIALS_SHOWN: Record<ProfileInfo['credentials'], string> = {
  saved: 'saved on the OS keychain',
  in_memory: 'kept in memory for this run',
  missing:
    'none saved (set PAYOUT_DESK_API_KEY and PAYOUT_DESK_CLIENT_SECRET at each run, or add it again with them)',
  not_needed: 'none needed',
};

async function listProfiles(ctx: CliContext): Promise<void> {
  const { profiles } = await ctx.desk.api.listProfiles({});
  const listed = profiles.map((p) => ({
    name: p.name,
    kind: p.kind as string,
    base_url: p.base_url ?? '(started on demand)',
    auth_url: p.auth_url ?? '',
    ca: p.ca_path,
    credentials: p.credentials,
    /** Null until the service showed it (a connection test, or a refusal). */
    key: p.key_kind,
  }));
  print(ctx, { profiles: listed }, () =>
    listed
      .map(
        (p) =>
          `${p.name} (${p.kind}) ${p.base_url}  credentials: ${CREDENTIALS_SHOWN[p.credentials]}` +
          (p.key === 'beneficiary'
            ? '  beneficiary key: may update only its own beneficiary record'
            : ''),
      )
      .join('\n'),
  );
}

async function removeProfile(ctx: CliContext, args: string[]): Promise<void> {
  const [name] = parseCommandLine(1, { args, allowPositionals: true, options: {} }).positionals;
  if (!name) throw new UsageError('usage: payout-desk profile remove NAME');
  const removed = await ctx.desk.api.removeProfile({ name });
  print(ctx, removed, () => `Profile ${removed.removed} removed, with its credentials`);
}
