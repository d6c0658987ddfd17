// The one resolution of a selection for every method that takes one (bulk edit, deletion,
// approval and its undoing, retry, approval at the service): an id or a sheet row the batch does
// not hold refuses the whole request, by name. Left out silently, a mistyped row (5,999999)
// would read as done, and the operator would believe that payment approved.
import type { Selection } from '../../../shared/desk/drafts';
import { DeskError } from '../../../shared/desk/errors';
import type { Batch } from '../outbox/batch-repository';
import type { Refusal } from '../../../shared/desk/common';
import type { SqlPart } from '../outbox/draft-filters';
import { batchOf, type DeskContext } from './desk-context';

/**
 * What a change to a selection of a batch works on: the batch, the drafts it may still change
 * (`where`, counted in `total`), and those it must leave, as sent (`sent`).
 */
export function editableSelection(
  ctx: DeskContext,
  ref: string,
  asked: Selection,
): { batch: Batch; where: SqlPart; total: number; sent: { total: number; refused: Refusal[] } } {
  const batch = batchOf(ctx, ref);
  const selection = selectionIn(ctx, batch, asked);
  const sent = ctx.outbox.bulk.sent(batch.id, selection);
  const where = ctx.outbox.bulk.editable(batch.id, selection);
  return { batch, where, total: ctx.outbox.bulk.count(where), sent };
}

/** Ids or rows named in the message; the details carry up to this many too. */
const NAMED = 5;

/** The selection, once every id or row it names is a draft of the batch; else `not_found`. */
export function selectionIn(ctx: DeskContext, batch: Batch, selection: Selection): Selection {
  const absent = ctx.outbox.bulk.absent(batch.id, selection, NAMED);
  if (absent.total === 0) return selection;
  const byRow = 'rows' in selection;
  throw new DeskError(
    'not_found',
    byRow
      ? `${rowsText(absent.first, absent.total)} in batch "${batch.name}": nothing was done`
      : `${draftsText(absent.total)} in batch "${batch.name}" (deleted since, or of another batch): nothing was done`,
    byRow
      ? { absent_rows: absent.first, absent_total: absent.total }
      : { absent_ids: absent.first, absent_total: absent.total },
  );
}

/** "Row 9 is not", "Rows 9 and 10 are not", "Rows 9, 10, 11, 12, 13 and 987 more are not". */
function rowsText(first: (string | number)[], total: number): string {
  if (total === 1) return `Row ${first[0]} is not`;
  const more = total - first.length;
  const listed =
    more > 0
      ? `${first.join(', ')} and ${more.toLocaleString('en')} more`
      : `${first.slice(0, -1).join(', ')} and ${first.at(-1)}`;
  return `Rows ${listed} are not`;
}

/** Ids mean nothing to a person: a draft selected on a screen and deleted since, say. */
function draftsText(total: number): string {
  return total === 1
    ? 'A selected draft is not'
    : `${total.toLocaleString('en')} selected drafts are not`;
}
