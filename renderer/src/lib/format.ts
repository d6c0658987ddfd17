// Numbers, money and dates for a person, in their locale, through Intl. Amounts arrive as exact
// decimal text and are formatted as text (Intl reads a decimal string exactly), never through a
// float; an amount that is missing or unreadable shows as such, never as 0.
export const locale = navigator.language || 'en';

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * The decimals an amount is shown to: up to 3, as the service keeps them, or every one it has
 * beyond (an amount refused for its decimals, 12.3456, shown as 12.346 looked like one that fit).
 */
const digitsOf = (amount: string) => Math.min(20, Math.max(3, amount.split('.')[1]?.length ?? 0));

function moneyFormat(currency: string, digits = 3): Intl.NumberFormat | undefined {
  const key = `${currency} ${digits}`;
  let format = moneyFormats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        currencyDisplay: 'code',
        maximumFractionDigits: digits,
      });
    } catch {
      return undefined; // not an ISO 4217 code: shown as written
    }
    moneyFormats.set(key, format);
  }
  return format;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Whether a text is a plain decimal ("-12.5"), as the desk writes amounts. */
export const isDecimalText = (text: string): boolean => DECIMAL.test(text);

/** "EUR 1,234.50" in the user's locale; the text as written when it is no amount. */
export function formatMoney(
  amount: string | null | undefined,
  currency: string | null | undefined,
): string {
  if (amount === null || amount === undefined || amount === '') return '—';
  if (!DECIMAL.test(amount)) return amount;
  const format = currency ? moneyFormat(currency, digitsOf(amount)) : undefined;
  if (!format) return `${formatDecimal(amount)}${currency ? ` ${currency}` : ''}`;
  return format.format(amount as `${number}`);
}

const decimals = new Map<number, Intl.NumberFormat>();
const integer = new Intl.NumberFormat(locale);

export const formatDecimal = (amount: string): string => {
  if (!DECIMAL.test(amount)) return amount;
  const digits = digitsOf(amount);
  let format = decimals.get(digits);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: digits });
    decimals.set(digits, format);
  }
  return format.format(amount as `${number}`);
};

export const formatCount = (count: number): string => integer.format(count);

/** The app speaks English: a noun follows English plural rules whatever the number format. */
const english = new Intl.PluralRules('en');

/** A count and its noun, singular or plural as the count asks ("1 row", "2,000 rows"). */
export const formatCountOf = (count: number, one: string, other = `${one}s`): string =>
  `${formatCount(count)} ${english.select(count) === 'one' ? one : other}`;

const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * A code of the service's (ACTIVE, DEBIT, DONE) as a word a person reads ("Active", "Debit",
 * "Done"); the code itself stays in the exports, where it is matched against the service's.
 */
export const formatServiceCode = (code: string): string =>
  code ? `${code.charAt(0).toUpperCase()}${code.slice(1).toLowerCase().replaceAll('_', ' ')}` : '';

/**
 * A phrase of the desk's shown as a sentence: a capital first, a full stop last. The desk words
 * its notes in lower case, for the command line to join into its own sentences.
 */
/** The phrase with its first letter upper case: "rows 14–15" heading a line. */
export const capitalise = (phrase: string): string =>
  `${phrase.charAt(0).toUpperCase()}${phrase.slice(1)}`;

export const formatSentence = (phrase: string): string =>
  phrase ? `${capitalise(phrase)}${/[.!?]$/.test(phrase) ? '' : '.'}` : '';

export const formatDateTime = (iso: string | null | undefined): string =>
  iso ? dateTime.format(new Date(iso)) : '—';

const timeOnly = new Intl.DateTimeFormat(locale, { timeStyle: 'short' });

/**
 * A moment as short as it reads right: its time alone on `now`'s day ("14:05"), else with its
 * date ("28 Nov 2026, 06:57"): a token valid for a day, shown by its time alone, reads as
 * already expired.
 */
export function formatMoment(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  return at.toDateString() === now.toDateString() ? timeOnly.format(at) : dateTime.format(at);
}

/** A calendar day (YYYY-MM-DD) as the locale writes it, the same in every time zone. */
export const formatDay = (day: string | null | undefined): string =>
  day && /^\d{4}-\d{2}-\d{2}$/.test(day)
    ? dateOnly.format(new Date(`${day}T00:00:00Z`))
    : (day ?? '—');

const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });

/**
 * "2 minutes ago": how long before `now` `iso` was. A moment after `now` is "now": an answer
 * fetched since the screen's clock last ticked is not "in 3 seconds".
 */
export function formatAge(iso: string, now: Date = new Date()): string {
  const seconds = Math.min(0, Math.round((new Date(iso).getTime() - now.getTime()) / 1000));
  const abs = Math.abs(seconds);
  if (abs < 45) return relative.format(seconds, 'second');
  if (abs < 45 * 60) return relative.format(Math.round(seconds / 60), 'minute');
  if (abs < 36 * 3600) return relative.format(Math.round(seconds / 3600), 'hour');
  return relative.format(Math.round(seconds / 86400), 'day');
}

/**
 * The wallet a batch's group pays from, as a person knows it: its name and currency
 * ("UK Payroll (GBP)"); its currency and id while its name was never fetched.
 */
export function formatWallet(group: {
  wallet_id: string | null;
  wallet_currency: string | null;
  wallet_name: string | null;
}): string {
  const currency = group.wallet_currency ? ` (${group.wallet_currency})` : '';
  if (group.wallet_name) return `${group.wallet_name}${currency}`;
  return group.wallet_id ? `wallet ${group.wallet_id}${currency}` : '';
}
