// A column mapping as JSON, given with `--mapping FILE` or saved from an earlier import, checked
// in shape before any sheet is read: a mapping that names an unknown field or one field twice is
// refused saying so, instead of fitting no header row. Apart from column-mapping.ts so that the
// reading worker, which is handed mappings already checked, starts without zod.
import { z } from 'zod';
import type { DateOrder } from './cell-dates';
import type { MappingEntries } from './column-mapping';
import { FIELD_IDS } from './fields';
import type { SavedMappings } from './header-detection';
import { SheetFileError } from './sheet-types';

// null: the person keeps a column out that would otherwise be proposed (column-mapping.ts).
const FieldName = z.union([z.enum(FIELD_IDS), z.string().regex(/^tag:.+$/), z.null()]);
const Entries = z.record(z.string(), FieldName);
/** `{"<header>": "<field>" | null}`, or `{"mapping": {...}, "date_order": "DMY"}` with options. */
const MappingFile = z.union([
  z.object({ mapping: Entries, date_order: z.enum(['DMY', 'MDY']).optional() }),
  Entries,
]);

/** A mapping's entries and options, refused with the reason when its shape is wrong. */
export function parseMapping(json: unknown): MappingEntries {
  const parsed = MappingFile.safeParse(json);
  if (!parsed.success) {
    throw new SheetFileError(
      'bad_mapping',
      `the mapping must be {"<header>": "<field>"} with fields among ${FIELD_IDS.join(', ')} or tag:<key>, or null to leave a column out (${parsed.error.issues[0]?.message ?? 'invalid'})`,
    );
  }
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
  const repeated = FIELD_IDS.filter((id) => fields.filter((field) => field === id).length > 1);
  if (repeated.length > 0) {
    throw new SheetFileError(
      'bad_mapping',
      `the mapping gives ${repeated.join(', ')} more than one column`,
    );
  }
  return given;
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
