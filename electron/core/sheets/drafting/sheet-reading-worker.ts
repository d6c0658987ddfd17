// Runs in a worker thread: reads the sheet while the importer writes the rows it has already
// been sent. Which side makes a row's draft balances the two: reading is faster than writing,
// so the worker drafts the rows it reads while the importer has plenty still to write, and
// sends them as cells, to be drafted by the importer, when it is running short. Rows go in
// batches bounded in rows and in characters, a bounded number of batches ahead of the ones the
// importer has written, so memory stays bounded whatever the rows hold.
import { parentPort, workerData } from 'node:worker_threads';
import { chooseSheet } from '../understanding/sheet-choice';
import { isBlankReason, skipReason } from '../understanding/row-filters';
import { draftContext, importedDraft } from './row-to-draft';
import {
  BATCHES_AHEAD,
  RowBatch,
  type ReadingMessage,
  type ReadingRequest,
} from './sheet-reading-protocol';
import { encodeCells } from './source-cells';
import { SheetFileError, type CellRange, type SheetRow } from '../reading/sheet-types';

const port = parentPort;
if (!port) throw new Error('sheet-reading-worker runs as a worker thread');
const { request } = workerData as { request: ReadingRequest };
const post = (message: ReadingMessage) => port.postMessage(message);

let credits = BATCHES_AHEAD;
let wake: (() => void) | undefined;
// The importer says how many batches it has written: as many more may be sent.
port.on('message', (written: number) => {
  credits += written;
  wake?.();
});
const credit = async () => {
  while (credits === 0) await new Promise<void>((resolve) => (wake = resolve));
  credits -= 1;
};

try {
  const chosen = await chooseSheet(request.file, request.limits, {
    ...(request.sheet !== undefined ? { sheet: request.sheet } : {}),
    ...(request.headerRow !== undefined ? { headerRow: request.headerRow } : {}),
    ...(request.mapping !== undefined ? { mapping: request.mapping } : {}),
    ...(request.saved ? { saved: request.saved } : {}),
  });
  post({
    type: 'chosen',
    sheet: chosen.sheet.name,
    format: chosen.sheet.format,
    sheets: chosen.sheet.fileSheets,
    date1904: chosen.sheet.date1904,
    ...(chosen.decimalMark ? { decimalMark: chosen.decimalMark } : {}),
    ...(chosen.dateOrders ? { dateOrders: chosen.dateOrders } : {}),
    header: chosen.header,
    above: chosen.firstRows
      .slice(0, chosen.header.position + 1)
      .filter((row) => !isBlankReason(skipReason(row, chosen.header.mapping) ?? ''))
      .map((row) => ({ number: row.number, cells: JSON.stringify(encodeCells(row.cells)) })),
    passedOver: chosen.passedOver,
  });
  const { mapping } = chosen.header;
  const context = draftContext(
    chosen.header,
    {
      date1904: chosen.sheet.date1904,
      decimalMark: chosen.decimalMark,
      dateOrders: chosen.dateOrders,
    },
    request.target,
  );
  // Rows below the header as the batch will number them: the sheet's own numbers, or, for a
  // sheet appended to a batch, numbers after the batch's last row.
  const offset =
    request.firstRowNumber === undefined ? 0 : request.firstRowNumber - chosen.header.number - 1;
  const pinned = request.drafting ?? 'balanced';
  let drafting = pinned === 'worker';
  const batch = new RowBatch();
  const read = (sheetRow: SheetRow): void => {
    const row = offset === 0 ? sheetRow : { ...sheetRow, number: sheetRow.number + offset };
    const skip = skipReason(row, mapping);
    if (skip && isBlankReason(skip)) return batch.add({ number: row.number, skip }, 0);
    if (skip) {
      // A totals line or a note goes back into the exported sheet where it was.
      const kept = JSON.stringify(encodeCells(row.cells));
      return batch.add({ number: row.number, skip, cells: kept }, kept.length);
    }
    const cells = JSON.stringify(encodeCells(row.cells));
    if (drafting) {
      return batch.add(
        { number: row.number, draft: importedDraft(row, cells, mapping, context) },
        cells.length,
      );
    }
    const hidden = row.hidden ? { hidden: true as const } : {};
    const struck = row.struck ? { struck: row.struck } : {};
    batch.add({ number: row.number, cells, ...hidden, ...struck }, cells.length);
  };
  const send = async () => {
    await credit();
    const fraction = chosen.sheet.readFraction?.();
    post({ type: 'rows', ...batch.send(), ...(fraction !== undefined ? { fraction } : {}) });
    // While the importer has more than half the batches still to write, the worker has time to
    // draft; when it is running short, cells go as they are read, the sooner to reach it.
    if (pinned === 'balanced') drafting = credits < BATCHES_AHEAD / 2;
  };
  // The first rows below the header were read to find it; then the rest, as far as wanted.
  const firstBelow = chosen.firstRows.slice(chosen.header.position + 1)[Symbol.iterator]();
  const nextRow = () => {
    const first = firstBelow.next();
    return first.done ? chosen.rest.next() : first;
  };
  const limit = request.rowLimit ?? Number.POSITIVE_INFINITY;
  for (let taken = 0; taken < limit; taken += 1) {
    const next = await nextRow();
    if (next.done) break;
    read(next.value);
    if (batch.full) await send();
  }
  if (batch.rows.length > 0) await send();
  await chosen.close();
  // Merges at or above the header change no payment (merged-cells.ts); the others move with
  // their rows.
  const merges = chosen.sheet.merges
    .filter((merge) => merge.top > chosen.header.number)
    .map((merge: CellRange) => ({
      ...merge,
      top: merge.top + offset,
      bottom: merge.bottom + offset,
    }));
  post({ type: 'end', merges });
} catch (error) {
  post(
    error instanceof SheetFileError
      ? { type: 'failed', code: error.code, message: error.message }
      : {
          type: 'failed',
          code: 'unreadable',
          message: `the file could not be read (${String(error)})`,
        },
  );
}
