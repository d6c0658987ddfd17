// An import makes each row's draft in the reading worker or in the importer, whichever is
// less busy (sheet-reading-worker.ts). The person must never be able to tell: every sheet,
// imported with the drafts pinned to one side and then to the other, gives the same drafts,
// issues and skipped rows.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Draft } from '../../../shared/desk';
import type { SheetImportRequest } from '../../../electron/core/sheets/drafting/sheet-import';
import { OutboxFolder, type ImportedSheet } from '../../support/sheet-import';

const FIXTURES = join('test', 'fixtures', 'sheets');

/** A draft as the person sees it, its ids aside (every import makes new ones). */
function seen(draft: Draft) {
  const { target, ...payment } = draft.payment;
  return {
    row: draft.row,
    payment,
    target: draft.beneficiary ? 'new beneficiary' : target,
    beneficiary: draft.beneficiary?.body ?? null,
    issues: draft.issues,
  };
}

/** Each import in an outbox of its own: a second one would see the first's as duplicates. */
async function importAlone(file: string, drafting: SheetImportRequest['drafting']) {
  const folder = await OutboxFolder.create();
  try {
    return await folder.import(file, { drafting });
  } finally {
    await folder.remove();
  }
}

function report(imported: ImportedSheet) {
  const { batch: _name, batchId: _id, ...summary } = imported.summary;
  return { summary, drafts: [...imported.rows.values()].map(seen) };
}

describe('drafts made by the reading worker or by the importer', () => {
  it.each([
    join(FIXTURES, 'payroll-export.xlsx'),
    join(FIXTURES, 'us-contractors.xlsx'),
    join(FIXTURES, 'text-dates-and-decimal-commas.xlsx'),
    join(FIXTURES, 'date-system-1904.xlsx'),
    join('test', 'fixtures', 'payouts-template.csv'),
    join('test', 'fixtures', 'wise-batch.csv'),
    join(FIXTURES, 'two-sheets.xlsx'),
  ])('are the same for %s', async (file) => {
    const inWorker = await importAlone(file, 'worker');
    const inImporter = await importAlone(file, 'importer');
    expect(inWorker.summary.drafts).toBeGreaterThan(0);
    expect(report(inWorker)).toEqual(report(inImporter));
  });
});
