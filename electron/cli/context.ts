// What every command gets: the desk, how to print, and the hints a command line adds to the
// desk's messages (its flags, its environment variables), which the desk itself never names.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { amountInItsDecimals } from '../../shared/domain/currencies';
import { amountFromNumber, parseAmount } from '../../shared/domain/money';
import type { Desk } from '../core/desk';

export interface CliContext {
  desk: Desk;
  json: boolean;
  out: (text: string) => void;
  /** Progress and notes for people, on stderr: never mixed into the output (or its JSON). */
  note: (text: string) => void;
  env: NodeJS.ProcessEnv;
}

/** The command line is wrong: exit status 2, with what to type instead. */
export class UsageError extends Error {}

/**
 * The command's options and arguments, refusing an argument more than it takes: a name typed
 * without quotes (`rename January Feb 2026`) would otherwise lose its last words unsaid.
 */
export function parseCommandLine<T extends ParseArgsConfig & { allowPositionals: true }>(
  takes: number,
  config: T,
): ReturnType<typeof parseArgs<T>> {
  const parsed = parseArgs(config);
  const positionals = parsed.positionals as string[];
  if (positionals.length > takes) {
    const extra = positionals[takes] ?? '';
    const together = positionals.slice(takes - 1).join(' ');
    throw new UsageError(
      `one argument too many: "${extra}". A name with spaces goes in quotes: "${together}"`,
    );
  }
  return parsed;
}

/**
 * An amount for people: exact, with its currency's decimals (4730.62 GBP, not the 4730.620 of
 * a sum kept in thousandths, nor the 120000 or -3078.2 of a JSON number), and a third decimal
 * only when the amount has one. A value that is not an amount is shown as it came.
 */
export function moneyText(value: string | number | null | undefined, currency?: string): string {
  if (value === null || value === undefined) return 'unknown';
  let milli: bigint | null;
  try {
    milli = typeof value === 'number' ? amountFromNumber(value) : parseAmount(value);
  } catch {
    milli = null;
  }
  return milli === null ? String(value) : amountInItsDecimals(milli, currency);
}

export function print(ctx: CliContext, value: unknown, text: () => string): void {
  ctx.out(ctx.json ? JSON.stringify(value, null, 2) : text());
}

/** A name as a line can show it: one with a newline or a tab in it is quoted. */
export function shown(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what needs quoting
  return /[\u0000-\u001f\u007f]/.test(name) ? JSON.stringify(name) : name;
}

export function parseCount(flag: string, value: string, min: number): number {
  if (!/^\d+$/.test(value) || Number(value) < min)
    throw new UsageError(`${flag} takes a whole number of at least ${min}, not "${value}"`);
  return Number(value);
}

/** Rows such as 2,5-9, as a set of row numbers. */
export function parseRows(text: string): Set<number> {
  const rows = new Set<number>();
  for (const part of text.split(',')) {
    const range = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (!range) throw new UsageError(`--rows takes rows such as 2,5-9, not "${text}"`);
    const from = Number(range[1]);
    const to = Number(range[2] ?? range[1]);
    if (from < 1) throw new UsageError(`--rows counts from row 1, not "${part}"`);
    if (to < from) throw new UsageError(`--rows ${part} runs backwards: ${to}-${from}`);
    if (to - from > 1_000_000) throw new UsageError(`--rows ${part} is more rows than a batch has`);
    for (let row = from; row <= to; row += 1) rows.add(row);
    if (rows.size > 1_000_000) throw new UsageError(`--rows ${text} is more rows than a batch has`);
  }
  return rows;
}

/**
 * The profile a command on a batch speaks through: `--profile`, else the batch's own, whose
 * credentials given in the environment are kept in memory for this run as useProfile keeps a
 * named one's. A batch keeps its profile, so a scheduled `sync BATCH` names none: with the
 * variables set, it was refused as having no credentials. Returns the profile asked for.
 */
export async function useBatchProfile(
  ctx: CliContext,
  batch: string,
  profile: string | undefined,
): Promise<string | undefined> {
  if (profile !== undefined) return useProfile(ctx, profile);
  if (ctx.env.PAYOUT_DESK_API_KEY && ctx.env.PAYOUT_DESK_CLIENT_SECRET) {
    await useProfile(ctx, (await ctx.desk.api.getBatch({ batch })).profile);
  }
  return undefined;
}

/**
 * For a saved profile, credentials given in the environment are kept in memory for this run
 * (never for the Local sandbox, which has its own). Returns the profile to use.
 */
export async function useProfile(
  ctx: CliContext,
  profile: string | undefined,
): Promise<string | undefined> {
  if (!profile || profile === 'local' || profile === 'Local sandbox') return profile;
  const apiKey = ctx.env.PAYOUT_DESK_API_KEY;
  const clientSecret = ctx.env.PAYOUT_DESK_CLIENT_SECRET;
  if (apiKey && clientSecret) {
    await ctx.desk.api.setCredentials({
      name: profile,
      api_key: apiKey,
      client_secret: clientSecret,
      keep_in_memory: true,
    });
  }
  return profile;
}
