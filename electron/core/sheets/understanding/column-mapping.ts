// Which column fills which field. Proposed from the header names, always open to correction,
// and written as `{"<header>": "<field>"}` — the same shape the CLI prints, `--mapping FILE`
// takes and the outbox saves per source, so a corrected mapping is offered again next time.
import { createHash } from 'node:crypto';
import type { BankCodeScheme } from '../../../../shared/domain/bank-code-schemes';
import { headerScheme, otherSchemes } from './bank-code-schemes';
import type { DateOrder } from '../coercion/cell-dates';
import type { FieldId } from './fields';
import {
  headerCurrency,
  headerHundredths,
  headerThousands,
  type HeaderMatch,
  headerName,
  matchHeader,
  normaliseHeader,
} from './header-matching';
import { resultsExportStatusColumns } from './header-exclusions';
import { preferAmountWithTax } from './invoice-amounts';
import { columnLetter, SheetFileError } from '../reading/sheet-types';

export interface MappedColumn {
  index: number;
  /** The header's key in the mapping: its text, made unique (see headerKeys). */
  header: string;
  field: FieldId;
  /** For a tag column: the tag's key. */
  tagKey?: string;
}

export interface ColumnMapping {
  columns: MappedColumn[];
  /** How the sheet writes ambiguous dates such as 03/04/2030, when the person said so. */
  dateOrder?: DateOrder;
}

/** A header's text, or "(column F)" when empty, with " (F)" added when it repeats. */
export function headerKeys(headers: readonly string[]): string[] {
  const texts = headers.map((header) => header.trim());
  const counts = new Map<string, number>();
  for (const text of texts) counts.set(text, (counts.get(text) ?? 0) + 1);
  return texts.map((text, index) => {
    if (text === '') return `(column ${columnLetter(index)})`;
    return (counts.get(text) ?? 0) > 1 ? `${text} (${columnLetter(index)})` : text;
  });
}

/** No column hidden: a CSV's, or a sheet that hides none. */
const NONE_HIDDEN: ReadonlySet<number> = new Set();

/**
 * Each field from its best column; a column or field used once; weak guesses left out. A column
 * hidden in the sheet comes after every visible one: a sheet's owner hides the column they no
 * longer use ("Old IBAN" kept beside "IBAN"), and the payment must be made from the one they see.
 */
export function proposeMapping(
  headers: readonly string[],
  hidden: ReadonlySet<number> = NONE_HIDDEN,
): ColumnMapping {
  const keys = headerKeys(headers);
  const hiddenOf = (index: number) => (hidden.has(index) ? 1 : 0);
  const candidates = headerMatches(headers).sort(
    (a, b) =>
      hiddenOf(a.index) - hiddenOf(b.index) || b.match.score - a.match.score || a.index - b.index,
  );
  const hasAddress = candidates.some((c) => ADDRESS_FIELDS.has(c.match.field));
  const taken = new Set<FieldId>();
  const columns: MappedColumn[] = [];
  for (const { index, match } of candidates) {
    const field = fieldsOf(match, hasAddress).find(
      (f) => f === 'user_tag' || !taken.has(f) || secondBankCode(f, index, columns, headers),
    );
    if (field === undefined) continue;
    taken.add(field);
    columns.push(column(index, keys[index] ?? '', field, headers[index] ?? ''));
  }
  return { columns: columns.sort((a, b) => a.index - b.index) };
}

/**
 * A second bank code column beside the one taken, whose header names another scheme (Wise's
 * sortCode and abartn): a row reads the one it fills (row-values.ts). A field otherwise takes
 * one column.
 */
function secondBankCode(
  field: FieldId,
  index: number,
  columns: readonly MappedColumn[],
  headers: readonly string[],
): boolean {
  const taken = columns.filter((c) => c.field === 'bank_code');
  const [first] = taken;
  return (
    field === 'bank_code' &&
    first !== undefined &&
    taken.length === 1 &&
    otherSchemes(headers[first.index] ?? first.header, headers[index] ?? '')
  );
}

/** Each column's match, but for the status columns a results export brings back. */
function headerMatches(headers: readonly string[]): { index: number; match: HeaderMatch }[] {
  const status = resultsExportStatusColumns(headers.map(normaliseHeader));
  const matches = preferAmountWithTax(
    headers,
    headers.map((header, index) => (status.has(index) ? undefined : matchHeader(header))),
  );
  const hasFirstName = matches.some((m) => m?.field === 'first_name');
  const hasLastName = matches.some((m) => m?.field === 'last_name');
  const names = headers.map(headerName);
  const amountSide = AMOUNT_SIDE_BESIDE.every((name) => names.includes(name));
  return matches.flatMap((match, index) => {
    if (amountSide && names[index] === AMOUNT_SIDE) {
      return [{ index, match: { field: 'amount_type' as const, score: 1, by: 'name' as const } }];
    }
    if (!match) return [];
    // "Name" beside "Vorname" or "First Name" (a German payroll's Name | Vorname) is the
    // surname: read as the whole name, the draft would name the payee by their family name.
    const surname =
      hasFirstName && !hasLastName && BARE_NAMES.has(normaliseHeader(headers[index] ?? ''));
    return [{ index, match: surname ? { ...match, field: 'last_name' as const } : match }];
  });
}

/**
 * Wise's batch file heads the amount type "amountCurrency": the currency side the amount is
 * fixed on, "source" (it leaves the wallet: SEND) or "target" (it arrives: LAND). Beside a
 * source and a target currency column the amount's currency would be a third, which no sheet
 * gives; elsewhere "Amount currency" is the amount's currency (EUR).
 */
const AMOUNT_SIDE = 'amount currency';
const AMOUNT_SIDE_BESIDE = ['source currency', 'target currency'];

/** The words for a name that do not say which: beside a first name column, the surname. */
const BARE_NAMES = new Set(['name', 'nom', 'nombre', 'naam']);

/** How near a column left out must come to the one used to be worth naming (mappingNotes). */
const CONTENDER_MARGIN = 0.05;

/**
 * The columns a mapping leaves out that could have filled a field it took from another column
 * about as well ("IBAN" and "IBAN 2", two "Email" columns): a person should know which one was
 * used, since the other is dropped without a word otherwise. One line each, as
 * `"IBAN 2" could also be iban; "IBAN" was used`.
 */
export function mappingNotes(
  mapping: ColumnMapping,
  headers: readonly string[],
  hidden: ReadonlySet<number> = NONE_HIDDEN,
): string[] {
  const keys = headerKeys(headers);
  const used = new Map(mapping.columns.map((c) => [c.index, c]));
  const byField = new Map(mapping.columns.map((c) => [c.field, c]));
  const contenders = headerMatches(headers).flatMap(({ index, match }) => {
    const winner = byField.get(match.field);
    if (used.has(index) || !winner || match.field === 'user_tag') return [];
    const winnerScore = matchHeader(headers[winner.index] ?? '')?.score ?? 1;
    // A hidden column left out for a visible one is named whatever its header's score.
    if (match.score < winnerScore - CONTENDER_MARGIN && !hidden.has(index)) return [];
    const key = `"${keys[index] ?? ''}"${hidden.has(index) ? ' (hidden in the sheet)' : ''}`;
    return [`${key} could also be ${match.field}; "${winner.header}" was used`];
  });
  // A hidden column the mapping uses: the person does not see it in the sheet, so it is said.
  const usedHidden = mapping.columns.flatMap((c) =>
    hidden.has(c.index)
      ? [
          `"${c.header}" (column ${columnLetter(c.index)}) is hidden in the sheet and was used as ${c.field}: check that it is the column to pay from`,
        ]
      : [],
  );
  return [...usedHidden, ...contenders];
}

/** The columns that say the sheet gives addresses: beside them a bare "Country" is one's part. */
const ADDRESS_FIELDS = new Set<FieldId>([
  'address_line_1',
  'address_line_2',
  'address_city',
  'address_postal_code',
  'address_country_subdivision',
]);

/**
 * The fields a header may fill, best first. A bare "Country" beside an address is the
 * address's. In a sheet without one it stays the bank's: the service asks every beneficiary
 * for its bank country, a list of payees with no address has no use for an address country,
 * and an IBAN, or a bank code whose header names its scheme, that tells another country is a
 * warning at the row.
 */
function fieldsOf(match: HeaderMatch, hasAddress: boolean): FieldId[] {
  if (!match.otherwise) return [match.field];
  if (match.otherwise === 'address_country' && hasAddress) return [match.otherwise, match.field];
  return [match.field, match.otherwise];
}

function column(index: number, header: string, field: FieldId, text: string): MappedColumn {
  if (field !== 'user_tag') return { index, header, field };
  return { index, header, field, tagKey: text.trim().replace(/^tag\s*:\s*/i, '') || header };
}

/** The header of the column mapped to `field`, as written; undefined where none is. */
function headerOf(
  mapping: ColumnMapping,
  headers: readonly string[],
  field: FieldId,
): string | undefined {
  const column = mapping.columns.find((c) => c.field === field);
  return column ? (headers[column.index] ?? column.header) : undefined;
}

/** What `read` finds in the amount column's header; undefined without one. */
function fromAmountHeader(
  mapping: ColumnMapping,
  headers: readonly string[],
  read: (header: string) => string | undefined,
): string | undefined {
  const header = headerOf(mapping, headers, 'amount');
  return header === undefined ? undefined : read(header);
}

/** The currency named in the amount column's header, such as USD in "Amount (USD)". */
export const amountHeaderCurrency = (mapping: ColumnMapping, headers: readonly string[]) =>
  fromAmountHeader(mapping, headers, headerCurrency);

/** The unit of an amount column in hundredths, such as "pence" in "Amount in Pence". */
export const amountHeaderHundredths = (mapping: ColumnMapping, headers: readonly string[]) =>
  fromAmountHeader(mapping, headers, headerHundredths);

/** The unit of an amount column in thousands, such as "£000" in "Amount (£000)". */
export const amountHeaderThousands = (mapping: ColumnMapping, headers: readonly string[]) =>
  fromAmountHeader(mapping, headers, headerThousands);

/**
 * The scheme each bank code column's header names, by column: a BSB in "BSB". Two such columns
 * name two schemes (secondBankCode).
 */
export function bankCodeHeaderSchemes(
  mapping: ColumnMapping,
  headers: readonly string[],
): Record<number, BankCodeScheme> {
  const schemes: Record<number, BankCodeScheme> = {};
  for (const column of mapping.columns) {
    if (column.field !== 'bank_code') continue;
    const scheme = headerScheme(headers[column.index] ?? column.header);
    if (scheme) schemes[column.index] = scheme;
  }
  return schemes;
}

/**
 * A mapping as JSON, in column order. Given the sheet's headers, every column with a header that
 * fills no field is there too, as null: the person sees each column the import leaves out, and
 * the JSON, given back as `--mapping`, still leaves it out.
 */
export function mappingToJson(
  mapping: ColumnMapping,
  headers: readonly string[] = [],
): Record<string, string | null> {
  const keys = headerKeys(headers);
  const byIndex = new Map(mapping.columns.map((c) => [c.index, c]));
  const json: Record<string, string | null> = {};
  const last = Math.max(headers.length - 1, ...mapping.columns.map((c) => c.index));
  for (let index = 0; index <= last; index += 1) {
    const c = byIndex.get(index);
    if (c) json[c.header] = c.field === 'user_tag' ? `tag:${c.tagKey}` : c.field;
    else if ((headers[index] ?? '').trim() !== '') json[keys[index] ?? ''] = null;
  }
  return json;
}

/**
 * A mapping as given, `{"<header>": "<field>" | "tag:<key>" | null}` with its options, its shape
 * already checked (mapping-file.ts) but not yet held against a sheet's headers. null keeps a
 * column out of the mapping.
 */
export interface MappingEntries {
  entries: Readonly<Record<string, string | null>>;
  dateOrder?: DateOrder;
}

/**
 * A mapping checked against this sheet's headers. `rest` is what becomes of the columns it does
 * not name: a mapping saved from an import is the whole mapping used then, so they stay
 * unmapped; a mapping the person gives corrects the proposal, so they keep what is proposed for
 * them (unless a column named took that field): correcting one column takes one line, not the
 * whole mapping.
 */
export function mappingFromEntries(
  { entries, dateOrder }: MappingEntries,
  headers: readonly string[],
  rest: 'unmapped' | 'proposed' = 'unmapped',
  hidden: ReadonlySet<number> = NONE_HIDDEN,
): ColumnMapping {
  const keys = headerKeys(headers);
  const named = new Map<number, string>();
  const columns: MappedColumn[] = [];
  for (const [header, target] of Object.entries(entries)) {
    const index = namedColumn(header, keys, headers);
    const before = named.get(index);
    if (before !== undefined) {
      throw new SheetFileError(
        'bad_mapping',
        `the mapping names column ${columnLetter(index)} twice, as "${before}" and as "${header}"`,
      );
    }
    named.set(index, header);
    if (target === null) continue;
    const key = keys[index] ?? header;
    const tag = /^tag:(.+)$/.exec(target);
    columns.push(
      tag
        ? { index, header: key, field: 'user_tag', tagKey: tag[1] ?? header }
        : { index, header: key, field: target as FieldId },
    );
  }
  if (rest === 'proposed') {
    const taken = new Set(columns.map((c) => c.field));
    for (const proposed of proposeMapping(headers, hidden).columns) {
      if (named.has(proposed.index)) continue;
      const { field, index } = proposed;
      if (field !== 'user_tag' && taken.has(field)) {
        if (!secondBankCode(field, index, columns, headers)) continue;
      }
      columns.push(proposed);
    }
  }
  return {
    columns: columns.sort((a, b) => a.index - b.index),
    ...(dateOrder ? { dateOrder } : {}),
  };
}

/**
 * The columns a mapping's header could name: its key as the CLI prints it ("Amount (C)" for a
 * repeated header), else its text in any case and spacing, else its normalised words.
 */
function columnsNamed(header: string, keys: readonly string[]): number[] {
  const loose = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
  const wanted = normaliseHeader(header);
  const tiers = [
    (key: string) => key === header,
    (key: string) => loose(key) === loose(header),
    (key: string) => wanted !== '' && normaliseHeader(key) === wanted,
  ];
  for (const matches of tiers) {
    const found = keys.flatMap((key, index) => (matches(key) ? [index] : []));
    if (found.length > 0) return found;
  }
  const byLetter = letterColumn(header);
  return byLetter !== undefined && byLetter < keys.length ? [byLetter] : [];
}

/**
 * The column a mapping names by its letter, "D" or "(column D)" as the mapping printed names a
 * blank header; only when no header reads so. A bare letter must be capitals, as Excel shows
 * them, and at most three ("XFD" is the last column).
 */
export function letterColumn(header: string): number | undefined {
  const letters =
    /^\(column ([A-Za-z]{1,3})\)$/i.exec(header.trim())?.[1] ??
    /^[A-Z]{1,3}$/.exec(header.trim())?.[0];
  if (letters === undefined) return undefined;
  return (
    [...letters.toUpperCase()].reduce((n, letter) => n * 26 + letter.charCodeAt(0) - 64, 0) - 1
  );
}

/** The one column a mapping's header names; one that could be several is refused naming them. */
function namedColumn(header: string, keys: readonly string[], headers: readonly string[]): number {
  const [first, ...others] = columnsNamed(header, keys);
  if (first === undefined) {
    throw new SheetFileError(
      'bad_mapping',
      `the mapping names a column "${header}" that the sheet does not have; its columns are: ${keys.join(', ')}`,
    );
  }
  if (others.length > 0) {
    const all = [first, ...others];
    const texts = [...new Set(all.map((i) => `"${headers[i]?.trim() ?? ''}"`))];
    throw new SheetFileError(
      'bad_mapping',
      `"${header}" in the mapping could be column ${all.map(columnLetter).join(' or ')} (headed ${texts.join(' and ')}): name the one meant as ${all.map((i) => `"${keys[i] ?? ''}"`).join(' or ')}`,
    );
  }
  return first;
}

/** The columns a mapping names (to a field or to null), as mappingFromEntries reads them. */
export function givenColumns(given: MappingEntries, headers: readonly string[]): Set<number> {
  const keys = headerKeys(headers);
  return new Set(Object.keys(given.entries).flatMap((header) => columnsNamed(header, keys)));
}

/** How many of a mapping's headers a row has, if ambiguously: how near it comes to fitting. */
export function headersFound(given: MappingEntries, headers: readonly string[]): number {
  const keys = headerKeys(headers);
  return Object.keys(given.entries).filter((header) => columnsNamed(header, keys).length > 0)
    .length;
}

/**
 * Recognises a source by its headers, so that its mapping is offered again next time, whatever
 * order its columns come in: the normalised headers sorted, each counted as often as it stands.
 * A column that a mapping names by its letter (an empty header, or one the row repeats:
 * "Amount (C)") keeps its letter in the key, so a saved mapping is only ever applied where that
 * letter still holds the column it named; moved, the source is new and its mapping proposed.
 * (Mappings saved under the earlier, ordered key are proposed afresh once.)
 */
export function sourceKey(headers: readonly string[]): string {
  const texts = headers.map((header) => header.trim());
  while (texts.length > 0 && texts[texts.length - 1] === '') texts.pop();
  const keys = headerKeys(texts);
  const named = texts.map((text, index) =>
    keys[index] === text
      ? normaliseHeader(text)
      : `${columnLetter(index)}\u0001${normaliseHeader(text)}`,
  );
  return createHash('sha256').update(named.sort().join('\u0000')).digest('hex');
}
