// npm run bench:sheets — a 100,000-row payroll sheet as .xlsx and as .csv: the bare streaming
// parse (exceljs's streaming reader for .xlsx, the CSV reader for .csv; no mapping, no checks)
// against the whole import into an outbox with every check, staged as the app imports (its
// batch `importing`, its rows committed in chunks, then ready); their ratio, rows/s and peak RSS;
// the import's CPU, all threads and its main thread alone (the reading worker does the rest);
// the import against the larger of the bare parse and the least outbox (below), the target;
// each side of the import alone, which no overlap can hide: the sheet read through the import's
// worker (rows dropped; and with every draft made there too), and the sheet's drafts (made
// beforehand) written; the import's CPU over the machine's cores, the least time it could take; the least any sound
// outbox could write for the same drafts (ids, bodies and source rows, one index: the least
// ratio an import could reach on this machine, whatever its reading and overlap); and exports of
// 100,000 rows with the streaming writers. Each measurement runs in a process
// of its own, so that peak memory is its own. Prints one JSON object.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeBenchSheets } from './sheets-bench-files';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET_RATIO = 1.3;
const TARGET_RSS_MB = 300;
const CORES = availableParallelism();

interface Measured {
  seconds: number;
  peak_rss_mb: number;
  rows: number;
  cpu_seconds: number;
  main_thread_cpu_seconds: number | null;
}

function measure(phase: string, file: string): Measured {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', join('test', 'bench', 'sheets-bench-phase.ts'), phase, file],
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  if (run.status !== 0) throw new Error(`${phase} ${file} failed: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').pop() ?? '{}') as Measured;
}

const median = (runs: Measured[]) =>
  [...runs].sort((a, b) => a.seconds - b.seconds)[Math.floor(runs.length / 2)] as Measured;

/** The median of several rounds (by time) of each measurement, the phases alternating. */
function compare(parsePhase: string, file: string) {
  const runs: Record<string, Measured[]> = {};
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const phase of [
      parsePhase,
      'import',
      'read-through-worker',
      'draft-through-worker',
      'write-drafts',
      'least-outbox',
    ]) {
      (runs[phase] ??= []).push(measure(phase, file));
    }
  }
  const parse = median(runs[parsePhase] ?? []);
  const whole = median(runs.import ?? []);
  const ratio = Number((whole.seconds / parse.seconds).toFixed(2));
  const least = median(runs['least-outbox'] ?? []);
  const peak = Math.max(...(runs.import ?? []).map((run) => run.peak_rss_mb));
  // No import can take less than reading its sheet, nor than writing its drafts.
  const floor = Math.max(parse.seconds, least.seconds);
  const overFloor = Number((whole.seconds / floor).toFixed(2));
  return {
    parse_seconds: parse.seconds,
    parse_rows_per_second: Math.round(parse.rows / parse.seconds),
    parse_peak_rss_mb: parse.peak_rss_mb,
    import_seconds: whole.seconds,
    import_rows_per_second: Math.round(whole.rows / whole.seconds),
    import_peak_rss_mb: peak,
    // The median import's CPU: all its threads, and the main thread that writes the outbox.
    import_cpu_seconds: whole.cpu_seconds,
    import_main_thread_cpu_seconds: whole.main_thread_cpu_seconds,
    ratio,
    // Each side of an import alone: no overlap of the two can take less than the longer one.
    read_through_worker_seconds: median(runs['read-through-worker'] ?? []).seconds,
    // The reading side making every draft as well: what drafting adds to reading.
    draft_through_worker_seconds: median(runs['draft-through-worker'] ?? []).seconds,
    write_drafts_seconds: median(runs['write-drafts'] ?? []).seconds,
    // No import into an outbox can take less than writing this much of it.
    least_outbox_seconds: least.seconds,
    least_ratio_possible: Number((least.seconds / parse.seconds).toFixed(2)),
    floor_seconds: floor,
    // No overlap can take less than the import's own CPU spread over every core of the machine.
    import_cpu_bound_seconds: Number((whole.cpu_seconds / CORES).toFixed(2)),
    import_over_floor: overFloor,
    meets_ratio_target: ratio <= TARGET_RATIO,
    meets_floor_target: overFloor <= TARGET_RATIO,
    meets_rss_target: peak < TARGET_RSS_MB,
  };
}

const dir = await mkdtemp(join(tmpdir(), 'payout-desk-sheets-bench-'));
try {
  const files = await writeBenchSheets(dir, ROWS);
  const result = {
    rows: ROWS,
    rounds: ROUNDS,
    cores: CORES,
    target_ratio: TARGET_RATIO,
    target_peak_rss_mb: TARGET_RSS_MB,
    xlsx: compare('parse-xlsx', files.xlsx),
    csv: compare('parse-csv', files.csv),
    export_results_xlsx: measure('export-xlsx', join(dir, 'results.xlsx')),
    export_results_csv: measure('export-csv', join(dir, 'results.csv')),
  };
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
