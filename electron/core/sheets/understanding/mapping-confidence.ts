// How sure the mapping is of each column it fills, for the import wizard to point a person at
// the columns worth a look. Not a score made up for the screen: what is known of how the column
// came to its field. The person named it (a mapping given), it was saved when the same headers
// last came in, or it was proposed, as its header matched (header-matching.ts): one of the
// field's own names is exact; a word only that field uses, or all the words of one of its names,
// is likely, as is a field the sheet's other columns decided (a bare "Currency" beside an
// account currency column, "Name" beside "First name"); letter pairs, which catch typos, weak.
import { givenColumns, type MappingEntries } from './column-mapping';
import type { FieldId } from './fields';
import type { HeaderRow } from './header-detection';
import { matchHeader } from './header-matching';

export type MappingConfidence = 'given' | 'saved' | 'exact' | 'likely' | 'weak';

/** The confidence of each mapped column, by its index. */
export function mappingConfidence(
  header: HeaderRow,
  given: MappingEntries | undefined,
): Map<number, MappingConfidence> {
  const named = given ? givenColumns(given, header.headers) : new Set<number>();
  return new Map(
    header.mapping.columns.map(({ index, field }) => [
      index,
      header.source === 'saved'
        ? 'saved'
        : header.source === 'given' && named.has(index)
          ? 'given'
          : proposedConfidence(header.headers[index] ?? '', field),
    ]),
  );
}

function proposedConfidence(text: string, field: FieldId): MappingConfidence {
  const match = matchHeader(text);
  if (!match || match.by === 'letter pairs') return 'weak';
  if (match.by === 'name' && match.field === field && !match.otherwise) return 'exact';
  return 'likely';
}
