// Which column fills which field. Proposed from the header names, always open to correction,
// and written as `{"<header>": "<field>"}` — the same shape the CLI prints, `--mapping FILE`
// takes and the outbox saves per source, so a corrected mapping is offered again next time.
import { createHash } from 'node:crypto';
import { type BankCodeScheme, headerScheme } from './bank-code-schemes';
import type { DateOrder } from './cell-dates';
import type { FieldId } from './fields';
import { headerCurrency, matchHeader, normaliseHeader } from './header-matching';
import { columnLetter, SheetFileError } from './sheet-types';

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

/** Each field from its best column; a column or field used once; weak guesses left out. */
export function proposeMapping(headers: readonly string[]): ColumnMapping {
  const keys = headerKeys(headers);
  const candidates = headers
    .map((header, index) => ({ index, match: matchHeader(header) }))
    .filter((c): c is { index: number; match: NonNullable<typeof c.match> } => !!c.match)
    .sort((a, b) => b.match.score - a.match.score || a.index - b.index);
  const taken = new Set<FieldId>();
  const columns: MappedColumn[] = [];
  for (const { index, match } of candidates) {
    if (match.field !== 'user_tag' && taken.has(match.field)) continue;
    taken.add(match.field);
    columns.push(column(index, keys[index] ?? '', match.field, headers[index] ?? ''));
  }
  return { columns: columns.sort((a, b) => a.index - b.index) };
}

function column(index: number, header: string, field: FieldId, text: string): MappedColumn {
  if (field !== 'user_tag') return { index, header, field };
  return { index, header, field, tagKey: text.trim().replace(/^tag\s*:\s*/i, '') || header };
}

/** The currency named in the amount column's header, such as USD in "Amount (USD)". */
export function amountHeaderCurrency(
  mapping: ColumnMapping,
  headers: readonly string[],
): string | undefined {
  const amount = mapping.columns.find((c) => c.field === 'amount');
  return amount ? headerCurrency(headers[amount.index] ?? '') : undefined;
}

/** The scheme the bank code column's header names, such as a BSB in "BSB". */
export function bankCodeHeaderScheme(
  mapping: ColumnMapping,
  headers: readonly string[],
): BankCodeScheme | undefined {
  const code = mapping.columns.find((c) => c.field === 'bank_code');
  return code ? headerScheme(headers[code.index] ?? code.header) : undefined;
}

export function mappingToJson(mapping: ColumnMapping): Record<string, string> {
  return Object.fromEntries(
    mapping.columns.map((c) => [c.header, c.field === 'user_tag' ? `tag:${c.tagKey}` : c.field]),
  );
}

/**
 * A mapping as given, `{"<header>": "<field>" | "tag:<key>"}` with its options, its shape
 * already checked (mapping-file.ts) but not yet held against a sheet's headers.
 */
export interface MappingEntries {
  entries: Readonly<Record<string, string>>;
  dateOrder?: DateOrder;
}

/** A mapping checked against this sheet's headers. */
export function mappingFromEntries(
  { entries, dateOrder }: MappingEntries,
  headers: readonly string[],
): ColumnMapping {
  const keys = headerKeys(headers);
  const byNormalised = new Map(keys.map((key, index) => [normaliseHeader(key), index]));
  const columns: MappedColumn[] = [];
  for (const [header, target] of Object.entries(entries)) {
    const index = keys.includes(header)
      ? keys.indexOf(header)
      : byNormalised.get(normaliseHeader(header));
    if (index === undefined) {
      throw new SheetFileError(
        'bad_mapping',
        `the mapping names a column "${header}" that the sheet does not have; its columns are: ${keys.join(', ')}`,
      );
    }
    const tag = /^tag:(.+)$/.exec(target);
    columns.push(
      tag
        ? { index, header: keys[index] ?? header, field: 'user_tag', tagKey: tag[1] ?? header }
        : { index, header: keys[index] ?? header, field: target as FieldId },
    );
  }
  return {
    columns: columns.sort((a, b) => a.index - b.index),
    ...(dateOrder ? { dateOrder } : {}),
  };
}

/** Recognises a source by its headers, so that its mapping is offered again next time. */
export function sourceKey(headers: readonly string[]): string {
  const normalised = headers.map(normaliseHeader);
  while (normalised.length > 0 && normalised[normalised.length - 1] === '') normalised.pop();
  return createHash('sha256').update(normalised.join('\u0000')).digest('hex');
}
