// One measurement of the sheet benchmark, in a process of its own: prints
// {"seconds", "peak_rss_mb", "rows"} as its last line.
// argv: parse-xlsx FILE | parse-csv FILE | import FILE | export-xlsx FILE | export-csv FILE
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Outbox } from '../../electron/core/outbox';
import { openCsv } from '../../electron/core/sheets/csv-reader';
import type { ResultRow } from '../../electron/core/sheets/results-export';
import { importSheet } from '../../electron/core/sheets/sheet-import';
import { BENCH_HEADER, benchRow } from './sheets-bench-files';
import { peakRssMb } from './sandbox-process';

const [phase, file] = process.argv.slice(2) as [string, string];
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);

async function parseXlsx(): Promise<number> {
  // Loaded here, not for every phase: each phase's peak memory is its own work's.
  const { default: ExcelJS } = await import('exceljs');
  // The bare streaming parse: exceljs's reader with the options the importer uses.
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let rows = 0;
  for await (const sheet of reader) {
    for await (const row of sheet) {
      row.eachCell(() => undefined);
      rows += 1;
    }
  }
  return rows;
}

async function parseCsv(): Promise<number> {
  let rows = 0;
  for await (const _row of (await openCsv(file)).rows) rows += 1;
  return rows;
}

async function importIntoOutbox(): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'payout-desk-bench-outbox-'));
  const outbox = Outbox.open(dir);
  try {
    const summary = await importSheet(outbox, {
      file,
      batchName: 'Bench',
      profile: 'local',
      group: { id: 'bench-group', walletId: 'bench-wallet', walletCurrency: 'GBP' },
      today: '2030-01-01',
    });
    if (summary.drafts !== ROWS) throw new Error(`imported ${summary.drafts} drafts of ${ROWS}`);
    return summary.rows;
  } finally {
    outbox.close();
    await rm(dir, { recursive: true, force: true });
  }
}

async function exportResults(): Promise<number> {
  function* rows(): Generator<ResultRow> {
    for (let n = 0; n < ROWS; n += 1) {
      yield {
        source: benchRow(n).map((cell) =>
          cell instanceof Date ? cell.toISOString().slice(0, 10) : cell,
        ),
        state: 'accepted',
        remoteStatus: 'PENDING',
        paymentId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
        correlationId: `pd-${n}`,
        error: null,
      };
    }
  }
  const { writeResults } = await import('../../electron/core/sheets/results-export');
  return (await writeResults(file, { header: BENCH_HEADER, rows: rows() })).rows;
}

const phases: Record<string, () => Promise<number>> = {
  'parse-xlsx': parseXlsx,
  'parse-csv': parseCsv,
  import: importIntoOutbox,
  'export-xlsx': exportResults,
  'export-csv': exportResults,
};
const run = phases[phase];
if (!run) throw new Error(`unknown phase ${phase}`);
const started = performance.now();
const rows = await run();
const seconds = Number(((performance.now() - started) / 1000).toFixed(3));
process.stdout.write(`${JSON.stringify({ seconds, peak_rss_mb: peakRssMb(), rows })}\n`);
