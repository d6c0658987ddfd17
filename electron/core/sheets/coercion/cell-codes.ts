// Code cells (country, currency, purpose, entity type, amount type) and the words people write
// for the two codes that have everyday names. Whether a code is in its list is the field's
// check (isCountryCode, isCurrencyCode, …); this only brings the cell to the form codes have.
import { isCountryCode } from '../../../../shared/domain/countries';
import { isCurrencyCode } from '../../../../shared/domain/currencies';
import type { AmountType, EntityType } from '../../../../shared/service';
import { accept, type Coerced, NOTHING, quoted, refuse } from './cell-coerced';
import { cellText } from './cell-text';
import { countryCodeByAlpha3, countryCodeByAnyName } from './country-names';
import { currencyCodeByName } from './currency-names';
import type { CellValue } from '../reading/sheet-types';

/** White space anywhere, and the invisible characters pasted text carries. */
const SPACES = /[\s\u200B-\u200D\u2060\uFEFF]/g;

/** " gb " -> "GB", "usd" -> "USD", "SUP P" -> "SUPP". */
export function cellCode(cell: CellValue): Coerced<string> {
  const text = cellText(cell);
  if (!text.ok || text.value === null) return text;
  const code = text.value.replace(SPACES, '').toUpperCase();
  return code === '' ? NOTHING : accept(code);
}

/**
 * A country cell: its code (" gb " -> "GB"), ISO's three letters ("DEU" -> "DE"), or the code of
 * the name written in English or a European payroll's language ("United Kingdom", "Royaume-Uni"
 * -> "GB"; "UK", which is not ISO's code, as many a British sheet writes it): country-names.ts.
 */
export function cellCountry(cell: CellValue): Coerced<string> {
  return codeOrName(cell, {
    isCode: isCountryCode,
    byOtherCode: countryCodeByAlpha3,
    byName: countryCodeByAnyName,
    letters: 2,
    what: 'a country',
    example: 'GB',
  });
}

/**
 * A currency cell: its code (" eur " -> "EUR"), or the code of the English name written
 * ("British pound", "US dollars" -> GBP, USD: currency-names.ts).
 */
export function cellCurrency(cell: CellValue): Coerced<string> {
  return codeOrName(cell, {
    isCode: isCurrencyCode,
    byName: currencyCodeByName,
    letters: 3,
    what: 'a currency',
    example: 'GBP',
  });
}

/**
 * A code cell that may hold the thing's code of another system (a country's three letters) or
 * its name instead. Other text is refused as written, never squeezed into a "code" such as
 * UNITEDKINGDOM that the person did not write; text as short as a code is left to the field's
 * check, which says it is no such code.
 */
function codeOrName(
  cell: CellValue,
  kind: {
    isCode: (code: string) => boolean;
    byOtherCode?: (code: string) => string | undefined;
    byName: (name: string) => string | undefined;
    letters: number;
    what: string;
    example: string;
  },
): Coerced<string> {
  const code = cellCode(cell);
  if (!code.ok || code.value === null || kind.isCode(code.value)) return code;
  const coded = kind.byOtherCode?.(code.value);
  if (coded) return accept(coded);
  const text = cellText(cell);
  const written = text.ok && text.value !== null ? text.value : code.value;
  const named = kind.byName(written);
  if (named) return accept(named);
  if (code.value.length <= kind.letters) return code;
  return refuse(
    `${quoted(written.trim())} is not ${kind.what}: write the ${kind.letters === 2 ? 'two' : 'three'}-letter code, such as ${kind.example}`,
  );
}

/** Lower case, dots dropped, runs of spaces, hyphens and underscores as one space. */
function words(text: string): string {
  return text
    .toLowerCase()
    .replace(/\./g, '')
    .replace(/[\s_\-\u200B-\u200D\u2060\uFEFF]+/g, ' ')
    .trim();
}

/** The words of payroll, ERP and bank exports for a person and for a company. */
const INDIVIDUAL_WORDS = new Set([
  'individual',
  'person',
  'private',
  'private person',
  'private individual',
  'natural person',
  'personal',
]);
const BUSINESS_WORDS = new Set([
  'business',
  'company',
  'corporate',
  'corporation',
  'corp',
  'ltd',
  'limited',
  'limited company',
  'plc',
  'llc',
  'llp',
  'inc',
  'gmbh',
  'organisation',
  'organization',
  'legal entity',
  'legal person',
  'firm',
  'enterprise',
]);

/** INDIVIDUAL or BUSINESS from the code itself or the everyday word ("Person", "Ltd"). */
export function entityTypeFrom(text: string): Coerced<EntityType> {
  const said = words(text);
  if (said === '') return NOTHING;
  if (INDIVIDUAL_WORDS.has(said)) return accept('INDIVIDUAL');
  if (BUSINESS_WORDS.has(said)) return accept('BUSINESS');
  return refuse(`${quoted(text.trim())} is not an entity type: write INDIVIDUAL or BUSINESS`);
}

/**
 * The words payment providers write for which side an amount is fixed on: Wise's "source" and
 * "target", "receive", "to arrive", "recipient gets" (the amount that lands). Spaces, hyphens
 * and underscores are dropped first, so "to_arrive" and "Recipient gets" read alike.
 */
const AMOUNT_TYPE_WORDS: Readonly<Record<string, AmountType>> = {
  SEND: 'SEND',
  SOURCE: 'SEND',
  LAND: 'LAND',
  TARGET: 'LAND',
  RECEIVE: 'LAND',
  TOARRIVE: 'LAND',
  RECIPIENTGETS: 'LAND',
};

/**
 * SEND or LAND, in any case, or a provider's word for them (source/send, target/receive).
 * Words such as "debit" and "credit" are refused rather than mapped: which of them means the
 * sending side depends on whose books the sheet comes from.
 */
export function amountTypeFrom(text: string): Coerced<AmountType> {
  const said = text.replace(SPACES, '').replace(/[-_]/g, '').toUpperCase();
  if (said === '') return NOTHING;
  const type = AMOUNT_TYPE_WORDS[said];
  if (type) return accept(type);
  return refuse(
    `${quoted(text.trim())} is not an amount type: write SEND (the amount leaves the wallet) ` +
      'or LAND (the amount arrives)',
  );
}
