// One measurement of the sheet benchmark, in a process of its own: prints
// {"seconds", "peak_rss_mb", "rows", "cpu_seconds", "main_thread_cpu_seconds"} as its last line:
// the CPU of every thread of the process while the phase ran, and of its main thread alone
// (null where /proc cannot tell), so that a reading worker's share shows.
// argv: parse-xlsx FILE | parse-csv FILE | import FILE | read-through-worker FILE |
// draft-through-worker FILE |
// write-drafts FILE | least-outbox FILE | export-xlsx FILE | export-csv FILE
// The sheets modules are imported one by one, not through electron/core/sheets/index.ts: the
// index loads every part, exceljs's writers included, into every phase's memory and before
// parse-xlsx starts its clock.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Outbox } from '../../electron/core/outbox';
import { openCsv } from '../../electron/core/sheets/reading/csv-reader';
import type { ResultRow } from '../../electron/core/sheets/writing/results-export';
import { importSheet } from '../../electron/core/sheets/drafting/sheet-import';
import { SHEET_LIMITS } from '../../electron/core/sheets/reading/limits';
import { readingWorkerScript, readSheet } from '../../electron/core/sheets/drafting/sheet-reading';
import { BENCH_HEADER, benchRow } from './sheets-bench-files';
import { peakRssMb } from '../support/peak-rss';

const [phase, file] = process.argv.slice(2) as [string, string];
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
/** Where the bench's drafts go: one group and wallet currency, and a fixed today. */
const TARGET = { groupId: 'bench-group', walletCurrency: 'GBP', today: '2030-01-01' };

async function parseXlsx(): Promise<number> {
  // Loaded here, not for every phase: each phase's peak memory is its own work's.
  const { default: ExcelJS } = await import('exceljs');
  // The bare streaming parse the issue measures against: exceljs's streaming reader, reading
  // every cell with its shared strings and styles (the importer reads worksheets with its own
  // parser, worksheet-parser.ts).
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
      group: {
        id: TARGET.groupId,
        walletId: 'bench-wallet',
        walletCurrency: TARGET.walletCurrency,
      },
      today: TARGET.today,
    });
    if (summary.drafts !== ROWS) throw new Error(`imported ${summary.drafts} drafts of ${ROWS}`);
    return summary.rows;
  } finally {
    outbox.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The reading side of an import alone: the sheet read in the import's worker, started as an
 * import starts it, and its rows taken as the importer takes them, then dropped (the importer
 * makes the drafts, so the worker only reads). What an import costs at least however fast its
 * writing is.
 */
async function readThroughWorker(): Promise<number> {
  return throughWorker('importer');
}

/**
 * The reading side when it makes every draft too (rows dropped, nothing written): the worker's
 * whole share of an import that could hand it all the drafting. Against read-through-worker, what
 * making the drafts costs (every cell read by its kind, the shared rules, the JSON).
 */
async function draftThroughWorker(): Promise<number> {
  return throughWorker('worker');
}

async function throughWorker(drafting: 'importer' | 'worker'): Promise<number> {
  const reading = await readSheet({
    file,
    limits: SHEET_LIMITS,
    target: TARGET,
    drafting,
  });
  let rows = 0;
  try {
    for await (const batch of reading.batches) {
      for (const row of batch.rows) if (!('skip' in row)) rows += 1;
      reading.written(1);
    }
  } finally {
    await reading.close();
  }
  if (rows !== ROWS) throw new Error(`read ${rows} payment rows of ${ROWS}`);
  return rows;
}

/** The sheet's drafts, serialised as an import makes them (not timed by the phases that use them). */
async function sheetDrafts() {
  const { chooseSheet } = await import('../../electron/core/sheets/understanding/sheet-choice');
  const { draftContext, importedDraft } =
    await import('../../electron/core/sheets/drafting/row-to-draft');
  const { encodeCells } = await import('../../electron/core/sheets/drafting/source-cells');
  const chosen = await chooseSheet(file, SHEET_LIMITS, {});
  const { mapping } = chosen.header;
  const context = draftContext(
    chosen.header,
    { date1904: chosen.sheet.date1904, decimalMark: chosen.decimalMark },
    TARGET,
  );
  const rows = chosen.firstRows.slice(chosen.header.position + 1);
  for (let next = await chosen.rest.next(); !next.done; next = await chosen.rest.next()) {
    rows.push(next.value);
  }
  await chosen.close();
  return rows.map((row) =>
    importedDraft(row, JSON.stringify(encodeCells(row.cells)), mapping, context),
  );
}

/**
 * The writing side of an import alone: the sheet's drafts, made beforehand (not timed), written
 * to a new outbox with the import's checks, in the import's chunks (staged-rows.ts), then made
 * ready. What an import costs at least however fast its reading is.
 */
async function writeDrafts(): Promise<Timed> {
  const { DraftWriter } = await import('../../electron/core/sheets/drafting/draft-writer');
  const { CHUNK_BATCHES } = await import('../../electron/core/sheets/drafting/staged-rows');
  const { ROWS_PER_BATCH } =
    await import('../../electron/core/sheets/drafting/sheet-reading-protocol');
  const drafts = await sheetDrafts();
  const dir = await mkdtemp(join(tmpdir(), 'payout-desk-bench-outbox-'));
  const outbox = Outbox.open(dir);
  try {
    const started = performance.now();
    const batch = outbox.batches.create({
      name: 'Bench',
      profile: 'local',
      groupId: TARGET.groupId,
      walletId: 'bench-wallet',
      walletCurrency: TARGET.walletCurrency,
      sourceFile: file,
      state: 'importing',
    });
    const writer = new DraftWriter(outbox.imports, batch.id);
    const chunk = CHUNK_BATCHES * ROWS_PER_BATCH;
    for (let first = 0; first < drafts.length; first += chunk) {
      outbox.imports.stagedWrite(() => {
        for (const draft of drafts.slice(first, first + chunk)) writer.write(draft);
      });
    }
    outbox.db.transaction(() => outbox.batches.markReady(batch.id))();
    return { rows: writer.count, seconds: (performance.now() - started) / 1000 };
  } finally {
    outbox.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The least an outbox can write and still be one (DESIGN.md): each draft's ids fixed as it is
 * made (a payment id and a unique correlation id, a beneficiary id), its bodies, and the row it
 * came from (the results export gives it back annotated), found by batch; with the outbox's own
 * pragmas (WAL, synchronous=FULL), in one transaction, the drafts serialised beforehand (not
 * timed). No issues, states, times, duplicate keys, sync columns or checks. Its time over the
 * bare parse is the least ratio an import into any sound outbox could reach on this machine.
 */
async function leastOutbox(): Promise<Timed> {
  const { openOutboxDatabase } = await import('../../electron/core/outbox/database');
  const { newDraftId } = await import('../../electron/core/outbox/draft-ids');
  const { correlationIdFor } = await import('../../electron/core/outbox/draft-types');
  const drafts = await sheetDrafts();
  const dir = await mkdtemp(join(tmpdir(), 'payout-desk-bench-least-'));
  const db = openOutboxDatabase(dir, []);
  try {
    db.exec(`
      CREATE TABLE beneficiaries (id TEXT PRIMARY KEY, body TEXT NOT NULL);
      CREATE TABLE payments (id TEXT PRIMARY KEY, correlation_id TEXT NOT NULL UNIQUE,
        batch_id TEXT NOT NULL, source_row INTEGER, beneficiary_id TEXT, body TEXT NOT NULL,
        source TEXT);
      CREATE INDEX payments_by_batch ON payments(batch_id, source_row);`);
    const beneficiary = db.prepare('INSERT INTO beneficiaries VALUES (?, ?)');
    const payment = db.prepare('INSERT INTO payments VALUES (?, ?, ?, ?, ?, ?, ?)');
    const batchId = newDraftId();
    const started = performance.now();
    db.transaction(() => {
      for (const draft of drafts) {
        const id = newDraftId();
        let beneficiaryId = null;
        if (draft.beneficiaryJson !== undefined) {
          beneficiaryId = newDraftId();
          beneficiary.run(beneficiaryId, draft.beneficiaryJson);
        }
        const source = draft.sourceJson ?? null;
        payment.run(
          id,
          correlationIdFor(id),
          batchId,
          draft.sourceRow,
          beneficiaryId,
          draft.paymentJson,
          source,
        );
      }
    })();
    return { rows: drafts.length, seconds: (performance.now() - started) / 1000 };
  } finally {
    db.close();
    await rm(dir, { recursive: true, force: true });
  }
}

async function exportResults(): Promise<number> {
  function* rows(): Generator<ResultRow> {
    for (let n = 0; n < ROWS; n += 1) {
      yield {
        row: n + 2,
        // Dates go back as dates with a format, as an imported sheet's do.
        source: benchRow(n).map((cell) =>
          cell instanceof Date
            ? { value: cell, format: 'yyyy-mm-dd', shown: cell.toISOString().slice(0, 10) }
            : cell,
        ),
        state: 'accepted',
        remoteStatus: 'PENDING',
        paymentId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
        correlationId: `pd-${n}`,
        error: null,
      };
    }
  }
  const { writeResults } = await import('../../electron/core/sheets/writing/results-export');
  return (
    await writeResults(file, {
      sheet: 'Bench',
      headerRow: 1,
      header: BENCH_HEADER,
      rows: rows(),
    })
  ).rows;
}

/** A phase that times only part of its work says so. */
interface Timed {
  rows: number;
  seconds: number;
}

const phases: Record<string, () => Promise<number | Timed>> = {
  'parse-xlsx': parseXlsx,
  'parse-csv': parseCsv,
  import: importIntoOutbox,
  'read-through-worker': readThroughWorker,
  'draft-through-worker': draftThroughWorker,
  'write-drafts': writeDrafts,
  'least-outbox': leastOutbox,
  'export-xlsx': exportResults,
  'export-csv': exportResults,
};
/** CPU seconds of the main thread so far; null where /proc cannot tell (not Linux). */
function mainThreadCpu(): number | null {
  try {
    // utime and stime, fields 14 and 15 of the thread's stat, in clock ticks (100 a second).
    const fields = readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

const run = phases[phase];
if (!run) throw new Error(`unknown phase ${phase}`);
// From a checkout the reading worker's modules are bundled once per process (worker-script.ts):
// loading, as every phase's modules are loaded, before the clock starts. A built app has no
// bundle to build.
if (['import', 'read-through-worker', 'draft-through-worker'].includes(phase)) {
  await readingWorkerScript();
}
const mainBefore = mainThreadCpu();
const cpuBefore = process.cpuUsage();
const started = performance.now();
const done = await run();
const timed =
  typeof done === 'number' ? { rows: done, seconds: (performance.now() - started) / 1000 } : done;
const cpu = process.cpuUsage(cpuBefore);
const mainAfter = mainThreadCpu();
const seconds = Number(timed.seconds.toFixed(3));
process.stdout.write(
  `${JSON.stringify({
    seconds,
    peak_rss_mb: peakRssMb(),
    rows: timed.rows,
    cpu_seconds: Number(((cpu.user + cpu.system) / 1e6).toFixed(2)),
    main_thread_cpu_seconds:
      mainBefore === null || mainAfter === null
        ? null
        : Number((mainAfter - mainBefore).toFixed(2)),
  })}\n`,
);
