// An import in a process of its own, for tests that must see it refuse a hostile file without
// running out of memory (the parent caps its heap) or read dates in another time zone (the
// parent sets TZ). Prints one JSON line: the refusal, or the drafts' payment dates by row, with
// the process's peak resident memory in MB (its worker threads included).
// argv: FILE
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Outbox } from '../../electron/core/outbox';
import { SheetFileError } from '../../electron/core/sheets/reading/sheet-types';
import { importSheet } from '../../electron/core/sheets/drafting/sheet-import';
import { peakRssMb } from './peak-rss';

const [file] = process.argv.slice(2) as [string];
const dir = await mkdtemp(join(tmpdir(), 'payout-desk-import-child-'));
const outbox = Outbox.open(dir);
const drafts = () => outbox.db.prepare('SELECT COUNT(*) FROM payment_drafts').pluck().get();
try {
  const summary = await importSheet(outbox, {
    file,
    batchName: 'Child',
    profile: 'local',
    group: { id: 'group-1', walletCurrency: 'GBP' },
  });
  const dates = outbox.drafts
    .page(summary.batchId, 0, 1_000_000)
    .map((draft) => [draft.row, draft.payment.execution.date]);
  process.stdout.write(
    `${JSON.stringify({ ok: true, drafts: summary.drafts, dates, peakMb: peakRssMb() })}\n`,
  );
} catch (error) {
  const refused = error instanceof SheetFileError;
  process.stdout.write(
    `${JSON.stringify({
      ok: false,
      code: refused ? error.code : 'crash',
      message: String((error as Error).message),
      drafts: drafts(),
      batches: outbox.db.prepare('SELECT COUNT(*) FROM batches').pluck().get(),
      peakMb: peakRssMb(),
    })}\n`,
  );
} finally {
  outbox.close();
  await rm(dir, { recursive: true, force: true });
}
