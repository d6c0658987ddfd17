// Currencies written by name, as accounting exports write them (NetSuite's "British pound",
// "Euro", "US Dollar"): ISO's names, the everyday ones ISO does not use, and their plurals.
// A name two currencies share names neither; "dollar" alone, like "$", is a dozen currencies.
import { CURRENCY_CODES, currencyName } from '../../../../shared/domain/currencies';
import { symbolCurrencyOf } from './amount-marks';

/** Everyday names ISO's list does not give (its own is "Pound Sterling", "Yuan Renminbi"…). */
const EVERYDAY: Readonly<Record<string, string>> = {
  'british pound': 'GBP',
  'great british pound': 'GBP',
  'uk pound': 'GBP',
  sterling: 'GBP',
  'united states dollar': 'USD',
  'american dollar': 'USD',
  'japanese yen': 'JPY',
  'chinese yuan': 'CNY',
  yuan: 'CNY',
  renminbi: 'CNY',
  'chinese renminbi': 'CNY',
  'swedish kronor': 'SEK',
  'norwegian kroner': 'NOK',
  'danish kroner': 'DKK',
  'polish zloty': 'PLN',
  'hungarian forint': 'HUF',
  'south african rand': 'ZAR',
  'brazilian reais': 'BRL',
  'emirati dirham': 'AED',
};

/** Lower case, dots dropped ("U.S. Dollar"), spaces, hyphens and underscores as one space. */
function words(text: string): string {
  return text
    .toLowerCase()
    .replace(/\./g, '')
    .replace(/[\s_-]+/g, ' ')
    .trim();
}

const BY_NAME: ReadonlyMap<string, string> = (() => {
  const seen = new Map<string, string | null>();
  for (const code of CURRENCY_CODES) {
    // "US Dollar (Next day)" is a fund code's, not a name anyone writes.
    const name = words(currencyName(code) ?? '');
    if (name !== '' && !name.includes('(')) seen.set(name, seen.has(name) ? null : code);
  }
  for (const [name, code] of Object.entries(EVERYDAY)) seen.set(name, code);
  return new Map([...seen].filter((entry): entry is [string, string] => entry[1] !== null));
})();

/**
 * "British pound" -> GBP, "US dollars" -> USD, "pounds sterling" -> GBP; undefined for a name
 * not known. Plurals are read by taking the "s" off one word at a time ("Swiss francs"), never
 * off a word ending in "ss" ("Swiss"). A symbol only one currency writes is its name too, as
 * a currency column often holds "€" or "£" (amount-marks.ts: "$" and "¥" name none).
 */
export function currencyCodeByName(text: string): string | undefined {
  const bySymbol = symbolCurrencyOf(text.trim());
  if (bySymbol) return bySymbol;
  const name = words(text);
  const found = BY_NAME.get(name);
  if (found) return found;
  const parts = name.split(' ');
  for (let i = 0; i < parts.length; i += 1) {
    const word = parts[i] ?? '';
    if (word.length <= 3 || !word.endsWith('s') || word.endsWith('ss')) continue;
    const singular = [...parts.slice(0, i), word.slice(0, -1), ...parts.slice(i + 1)].join(' ');
    const code = BY_NAME.get(singular);
    if (code) return code;
  }
  return undefined;
}
