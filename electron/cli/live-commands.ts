// The live views: groups, a wallet, a wallet statement. Straight from the service.
import { parseArgs } from 'node:util';
import type { GroupListQuery } from '../../shared/service';
import { openClient, print, UsageError, type CliContext } from './context';
import { exportFormatOf, exportStatement, refuseToReplace } from './export-commands';

/** A statement export's page: the most the service gives at once. */
const EXPORT_PAGE = 500;

export async function groupsCommand(ctx: CliContext, args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      profile: { type: 'string' },
      name: { type: 'string' },
      description: { type: 'string' },
      id: { type: 'string', multiple: true },
      wallet: { type: 'string', multiple: true },
      locked: { type: 'string', multiple: true },
      tag: { type: 'string', multiple: true },
      skip: { type: 'string' },
      take: { type: 'string' },
    },
  });
  const query: GroupListQuery = {
    ...(values.name ? { name: values.name } : {}),
    ...(values.description ? { description: values.description } : {}),
    ...(values.id ? { id: values.id } : {}),
    ...(values.wallet ? { wallet: values.wallet } : {}),
    ...(values.locked ? { locked: values.locked.map((v) => parseBoolean('--locked', v)) } : {}),
    ...(values.tag ? { tag: parseTags(values.tag) } : {}),
    ...(values.skip ? { skip: parseCount('--skip', values.skip, 0) } : {}),
    ...(values.take ? { take: parseCount('--take', values.take, 1) } : {}),
  };
  const { client, close } = await openClient(ctx, values.profile);
  try {
    const page = await client.listGroups(query);
    print(
      ctx,
      page,
      () =>
        page.items
          .map((g) => {
            const p = g.info.payments;
            return `${g.id}  ${g.name}${g.locked ? ' (locked)' : ''}  ${g.wallet.currency} wallet ${g.wallet.name}  payments ${p.total} (pending ${p.pending}, awaiting approval ${p.pending_approval}, completed ${p.completed}, failed ${p.failed})`;
          })
          .join('\n') || 'No groups match.',
    );
  } finally {
    await close();
  }
}

export async function walletCommand(ctx: CliContext, args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { profile: { type: 'string' } },
  });
  const id = positionals[0];
  if (!id) throw new UsageError('usage: payout-desk wallet WALLET_ID [--json]');
  const { client, close } = await openClient(ctx, values.profile);
  try {
    const wallet = await client.wallet(id);
    print(ctx, wallet, () =>
      [
        `${wallet.name} (${wallet.id}) — ${wallet.state}`,
        `Balance: ${wallet.balance} ${wallet.currency}`,
        `Funding: ${wallet.funding.name}, ${wallet.funding.iban || wallet.funding.account_number}, BIC ${wallet.funding.bic}`,
      ].join('\n'),
    );
  } finally {
    await close();
  }
}

export async function statementCommand(ctx: CliContext, args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      profile: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      skip: { type: 'string' },
      take: { type: 'string' },
      export: { type: 'string' },
      force: { type: 'boolean' },
    },
  });
  const id = positionals[0];
  if (!id)
    throw new UsageError(
      'usage: payout-desk statement WALLET_ID [--from DATE] [--to DATE] [--export FILE.xlsx|FILE.csv [--force]] [--json]',
    );
  // Checked before the service is reached: a mistyped flag costs no connection.
  const range = {
    ...(values.from ? { start: parseDate('--from', values.from) } : {}),
    ...(values.to ? { end: parseDate('--to', values.to, 'end') } : {}),
  };
  const take = values.take ? parseCount('--take', values.take, 1) : undefined;
  const skip = values.skip ? parseCount('--skip', values.skip, 0) : undefined;
  const file = values.export;
  if (file !== undefined) {
    exportFormatOf(file);
    if (skip !== undefined) throw new UsageError('--export writes the whole period: drop --skip');
    await refuseToReplace(file, values.force);
  }
  const { client, close } = await openClient(ctx, values.profile);
  try {
    if (file !== undefined) {
      // --take is the page size here: the whole period is written either way.
      const pageSize = take ?? EXPORT_PAGE;
      return await exportStatement(ctx, client, { walletId: id, ...range, pageSize, file });
    }
    const statement = await client.statement(id, {
      ...range,
      ...(skip !== undefined ? { skip } : {}),
      ...(take !== undefined ? { take } : {}),
    });
    print(ctx, statement, () =>
      [
        `Statement of ${statement.id} from ${statement.start_date} to ${statement.end_date}`,
        ...statement.items.map(
          (item) =>
            `${item.date.slice(0, 10)}  ${item.action.padEnd(6)}  ${String(item.action === 'DEBIT' ? -item.debit.amount : item.credit.amount).padStart(12)} ${item.debit.currency}  balance ${item.balance}  ${item.description}`,
        ),
      ].join('\n'),
    );
  } finally {
    await close();
  }
}

function parseBoolean(flag: string, value: string): boolean {
  if (value === 'true' || value === 'false') return value === 'true';
  throw new UsageError(`${flag} takes true or false, not "${value}"`);
}

function parseCount(flag: string, value: string, min: number): number {
  if (!/^\d+$/.test(value) || Number(value) < min)
    throw new UsageError(`${flag} takes a whole number of at least ${min}, not "${value}"`);
  return Number(value);
}

/**
 * A date (2026-11-01) or date-time. A date alone is that whole day in UTC: from its first
 * instant, or up to its last millisecond for --to. The spec does not say whether the
 * statement's `end` is inclusive; the last millisecond leaves the day whole either way, where
 * the next midnight would also take in what was booked at that instant (the Local sandbox's
 * `end` is inclusive).
 */
function parseDate(flag: string, value: string, day: 'start' | 'end' = 'start'): string {
  const text = /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? `${value}${day === 'start' ? 'T00:00:00.000Z' : 'T23:59:59.999Z'}`
    : value;
  if (Number.isNaN(Date.parse(text)))
    throw new UsageError(`${flag} takes a date such as 2026-11-01, not "${value}"`);
  return new Date(text).toISOString();
}

function parseTags(values: string[]): Record<string, string[]> {
  const tags: Record<string, string[]> = {};
  for (const value of values) {
    const [key, ...rest] = value.split('=');
    if (!key || rest.length === 0) throw new UsageError(`--tag takes key=value, not "${value}"`);
    (tags[key] ??= []).push(rest.join('='));
  }
  return tags;
}
