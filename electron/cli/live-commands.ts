// The live views: groups, a wallet, a wallet statement (and its export). Straight from the
// service; offline, the last copy fetched, said to be one.
import { parseArgs } from 'node:util';
import { isLastPage, type GroupListQuery } from '../../shared/service';
import { isCalendarDay } from '../../shared/domain/calendar-day';
import {
  parseCount,
  print,
  UsageError,
  useProfile,
  type CliContext,
  parseCommandLine,
  moneyText,
} from './context';

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
  const profile = await useProfile(ctx, values.profile);
  const page = await ctx.desk.api.listGroups({ query, ...(profile ? { profile } : {}) });
  staleNote(ctx, page);
  const { fetched_at: _at, stale: _stale, ...shownPage } = page;
  print(
    ctx,
    shownPage,
    () =>
      page.items
        .map((g) => {
          const p = g.info.payments;
          return `${g.id}  ${g.name}${g.locked ? ' (locked)' : ''}  wallet ${g.wallet.id} (${g.wallet.name}, ${g.wallet.currency})  payments ${p.total} (pending ${p.pending}, awaiting approval ${p.pending_approval}, completed ${p.completed}, failed ${p.failed})`;
        })
        .join('\n') || 'No groups match.',
  );
}

export async function walletCommand(ctx: CliContext, args: string[]): Promise<void> {
  const { values, positionals } = parseCommandLine(1, {
    args,
    allowPositionals: true,
    options: { profile: { type: 'string' } },
  });
  const id = positionals[0];
  if (!id) throw new UsageError('usage: payout-desk wallet WALLET_ID [--json]');
  const profile = await useProfile(ctx, values.profile);
  const view = await ctx.desk.api.getWallet({ wallet_id: id, ...(profile ? { profile } : {}) });
  staleNote(ctx, view);
  const wallet = view.wallet;
  print(ctx, wallet, () =>
    [
      `${wallet.name} (${wallet.id}) — ${wallet.state}`,
      `Balance: ${moneyText(wallet.balance, wallet.currency)} ${wallet.currency}`,
      `Funding: ${wallet.funding.name}, ${wallet.funding.iban || wallet.funding.account_number}, BIC ${wallet.funding.bic}`,
    ].join('\n'),
  );
}

export async function statementCommand(ctx: CliContext, args: string[]): Promise<void> {
  const { values, positionals } = parseCommandLine(1, {
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
  if (range.start && range.end && range.start > range.end) {
    throw new UsageError(`--from ${values.from} is after --to ${values.to}: swap them`);
  }
  const take = values.take ? parseCount('--take', values.take, 1) : undefined;
  const skip = values.skip ? parseCount('--skip', values.skip, 0) : undefined;
  if (take !== undefined && take > 500) throw new UsageError('--take takes at most 500');
  const profile = await useProfile(ctx, values.profile);
  const file = values.export;
  if (file !== undefined) {
    if (skip !== undefined) throw new UsageError('--export writes the whole period: drop --skip');
    // --take is the page size here: the whole period is written either way.
    const written = await ctx.desk.api.exportStatement({
      wallet_id: id,
      ...range,
      file,
      force: values.force === true,
      ...(take !== undefined ? { page_size: take } : {}),
      ...(profile ? { profile } : {}),
    });
    return print(
      ctx,
      written,
      () =>
        `Wrote ${written.rows.toLocaleString('en')} statement items of wallet ${written.wallet} from ${written.start} to ${written.end} to ${written.file}`,
    );
  }
  const view = await ctx.desk.api.getStatement({
    wallet_id: id,
    ...range,
    ...(skip !== undefined ? { skip } : {}),
    ...(take !== undefined ? { take } : {}),
    ...(profile ? { profile } : {}),
  });
  staleNote(ctx, view);
  const statement = view.statement;
  // A page, oldest first: the newest items of a long period, those a person looks for, are on
  // the pages after it, so a full page says more may follow (the service gives no total).
  const asked = take ?? statement.paging.take;
  if (!isLastPage(statement, asked)) {
    const from = statement.paging.skip;
    ctx.note(
      `Items ${from + 1}-${from + statement.items.length} of the period, oldest first: more may follow (--skip ${from + statement.items.length}), or write them all with --export FILE`,
    );
  }
  print(ctx, statement, () =>
    [
      `Statement of ${statement.id} from ${statement.start_date} to ${statement.end_date}`,
      ...statement.items.map(
        (item) =>
          `${item.date.slice(0, 10)}  ${item.action.padEnd(6)}  ${(item.action === 'DEBIT' ? `-${moneyText(item.debit.amount, item.debit.currency)}` : moneyText(item.credit.amount, item.credit.currency)).padStart(12)} ${item.action === 'DEBIT' ? item.debit.currency : item.credit.currency}  balance ${moneyText(item.balance, item.debit.currency)}  ${item.description}`,
      ),
    ].join('\n'),
  );
}

/** Offline, a view is the last copy fetched: said, with its age. */
function staleNote(ctx: CliContext, view: { stale: boolean; fetched_at: string }): void {
  if (view.stale) {
    ctx.note(`The service cannot be reached: this is the copy fetched at ${view.fetched_at}`);
  }
}

function parseBoolean(flag: string, value: string): boolean {
  if (value === 'true' || value === 'false') return value === 'true';
  throw new UsageError(`${flag} takes true or false, not "${value}"`);
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
  // Date.parse rolls a day the month lacks into the next: 2030-02-30 was 2 March, unsaid.
  const written = /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0];
  if (Number.isNaN(Date.parse(text)) || (written !== undefined && !isCalendarDay(written)))
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
