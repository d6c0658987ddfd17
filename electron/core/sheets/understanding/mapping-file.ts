// A column mapping as JSON, given with `--mapping FILE` or saved from an earlier import, checked
// in shape before any sheet is read: a mapping that names an unknown field or one field twice
// (but for a second bank code column of another scheme) is refused saying so, instead of fitting
// no header row. Apart from column-mapping.ts so that the reading worker, which is handed
// mappings already checked, starts without zod.
import { z } from 'zod';
import type { DateOrder } from '../coercion/cell-dates';
import type { MappingEntries } from './column-mapping';
import { otherSchemes } from './bank-code-schemes';
import { FIELD_IDS, FIELDS, type FieldId } from './fields';
import type { SavedMappings } from './header-detection';
import { SheetFileError } from '../reading/sheet-types';

// null: the person keeps a column out that would otherwise be proposed (column-mapping.ts).
const FieldName = z.union([z.enum(FIELD_IDS), z.string().regex(/^tag:.+$/), z.null()]);
const Entries = z.record(z.string(), FieldName);
/** `{"<header>": "<field>" | null}`, or `{"mapping": {...}, "date_order": "DMY"}` with options. */
const MappingFile = z.union([
  z.object({ mapping: Entries, date_order: z.enum(['DMY', 'MDY']).optional() }),
  Entries,
]);

const SHAPE = `the mapping must be {"<header>": "<field>"}, with a field among ${FIELD_IDS.join(', ')}, or tag:<key>, or null to leave a column out`;

/** A mapping's entries and options, refused with the reason when its shape is wrong. */
export function parseMapping(json: unknown): MappingEntries {
  const parsed = MappingFile.safeParse(json);
  if (!parsed.success) throw new SheetFileError('bad_mapping', whatIsWrong(json));
  const withOptions = 'mapping' in parsed.data && typeof parsed.data.mapping === 'object';
  const options = parsed.data as {
    mapping: Record<string, string | null>;
    date_order?: DateOrder;
  };
  const given: MappingEntries = withOptions
    ? { entries: options.mapping, ...(options.date_order ? { dateOrder: options.date_order } : {}) }
    : { entries: parsed.data as Record<string, string | null> };
  const fields = Object.values(given.entries).filter(
    (field) => field !== null && !field.startsWith('tag:'),
  );
  const repeated = FIELD_IDS.filter(
    (id) => fields.filter((field) => field === id).length > 1 && !twoBankCodes(id, given),
  );
  if (repeated.length > 0) {
    // Which columns: "more than one column" alone left the person to find them.
    const columns = repeated.map((id) => {
      const headers = Object.keys(given.entries).filter((header) => given.entries[header] === id);
      // Named as the wizard shows it, and as a mapping file writes it.
      const label = FIELDS.find((field) => field.id === id)?.label ?? id;
      return `${label} (${id}) more than one column (${headers.map((h) => `"${h}"`).join(' and ')})`;
    });
    throw new SheetFileError(
      'bad_mapping',
      `the mapping gives ${columns.join(', ')}: keep one and set the others to not used`,
    );
  }
  return given;
}

/**
 * Two bank code columns whose headers name two schemes (Wise's sortCode and abartn), as the
 * mapping printed gives them: each row reads the one it fills (column-mapping.ts).
 */
function twoBankCodes(id: FieldId, given: MappingEntries): boolean {
  const headers = Object.keys(given.entries).filter((header) => given.entries[header] === id);
  const [first = '', second = ''] = headers;
  return id === 'bank_code' && headers.length === 2 && otherSchemes(first, second);
}

/**
 * Why a mapping does not fit its shape, at the entry that does not: zod's own message for a
 * union ("Invalid input") names neither the header nor the value.
 */
function whatIsWrong(json: unknown): string {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return `${SHAPE}; the file holds ${Array.isArray(json) ? 'a list' : JSON.stringify(json)}`;
  }
  const withOptions = 'mapping' in json && typeof json.mapping === 'object' && json.mapping;
  if (withOptions && 'date_order' in json && !['DMY', 'MDY'].includes(json.date_order as string)) {
    return `the mapping's date_order is ${JSON.stringify(json.date_order)}; it can be "DMY" (31/01/2030, day first) or "MDY" (01/31/2030, month first)`;
  }
  const entries = withOptions || json;
  if (Array.isArray(entries)) return `${SHAPE}; its "mapping" is a list`;
  for (const [header, value] of Object.entries(entries)) {
    if (FieldName.safeParse(value).success) continue;
    return `the mapping gives the column "${header}" ${JSON.stringify(value)}, which is not a field: the fields are ${FIELD_IDS.join(', ')}; tag:<key> makes the column a tag, and null leaves it out`;
  }
  return SHAPE;
}

/**
 * The outbox's saved mappings, checked: one that no longer fits the shape (an older app's) is
 * left out, and the sheet's mapping is proposed afresh.
 */
export function parseSavedMappings(saved: Readonly<Record<string, unknown>>): SavedMappings {
  return Object.fromEntries(
    Object.entries(saved).flatMap(([key, json]) => {
      try {
        return [[key, parseMapping(json)]];
      } catch {
        return [];
      }
    }),
  );
}
