// npx tsx test/bench/inspect-bench.ts — inspecting a 100,000-row payroll sheet (.xlsx and
// .csv), as the import wizard does before an import, against reading the whole sheet through
// the import's worker: an inspection reads the header search and the preview's rows and lets
// the file go, so its time should not grow with the sheet. The median of a few rounds each, after
// one round that builds the worker's bundle. Prints one JSON object.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspectSheet } from '../../electron/core/sheets/drafting/sheet-inspection';
import { readSheet } from '../../electron/core/sheets/drafting/sheet-reading';
import { SHEET_LIMITS } from '../../electron/core/sheets/reading/limits';
import { writeBenchSheets } from './sheets-bench-files';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PREVIEW_ROWS = 200;
const TARGET = { groupId: 'bench-group', walletCurrency: 'GBP', today: '2030-01-01' };

async function seconds(work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const start = performance.now();
    await work();
    times.push((performance.now() - start) / 1000);
  }
  return Number(([...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0).toFixed(3));
}

const inspect = (file: string) =>
  inspectSheet({ file, today: TARGET.today, previewRows: PREVIEW_ROWS });

async function readWhole(file: string): Promise<number> {
  const reading = await readSheet({ file, limits: SHEET_LIMITS, target: TARGET });
  let rows = 0;
  for await (const batch of reading.batches) {
    rows += batch.rows.length;
    reading.written(1);
  }
  await reading.close();
  return rows;
}

const dir = await mkdtemp(join(tmpdir(), 'payout-desk-bench-inspect-'));
try {
  const files = await writeBenchSheets(dir, ROWS);
  await inspect(files.xlsx);
  const result: Record<string, unknown> = { rows: ROWS, preview_rows: PREVIEW_ROWS };
  for (const [format, file] of Object.entries(files)) {
    const inspection = await inspect(file);
    result[format] = {
      inspect_seconds: await seconds(() => inspect(file)),
      whole_read_seconds: await seconds(() => readWhole(file)),
      previewed: inspection.preview.length,
      header_row: inspection.header_row,
    };
  }
  result.heap_used_mb = Math.round(process.memoryUsage().heapUsed / 1024 / 1024);
  console.log(JSON.stringify(result));
} finally {
  await rm(dir, { recursive: true, force: true });
}
