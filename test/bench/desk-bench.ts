// npm run bench:desk — what the window asks of the desk on a batch of 100,000 drafts: a
// window of 100 rows sorted by amount from the middle of the batch, the counts by state with
// totals per currency, one field edited and revalidated, every draft approved, the payee list's
// pages of 50 (the first, one from the middle, a search: payees_page_ms is the slowest) and its
// count of the batch's payees; deleting a second batch of as many drafts beside it (no target:
// it shows the deletion's time grows with the batch deleted, not with the other); a bulk edit
// of every draft's date, its longest step and its undo (no target: at 100,000 only); and the same
// on 200,000 drafts, to show memory stays bounded as the batch grows. Each size is imported by
// one process and worked on by a fresh one, whose peak memory is the desk's alone. Medians of
// BENCH_ROUNDS rounds. Prints one JSON object.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TARGETS = {
  window_ms: 50,
  edit_ms: 50,
  count_ms: 100,
  approve_all_ms: 3_000,
  payees_page_ms: 50,
  payees_count_ms: 50,
  peak_rss_mb: 300,
};

function phase(
  name: 'fill' | 'work' | 'delete' | 'bulk',
  dir: string,
  count: number,
): Record<string, number> {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', join('test', 'bench', 'desk-bench-phase.ts'), name, dir, String(count)],
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  if (run.status !== 0) throw new Error(`${name} failed: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').pop() ?? '{}') as Record<string, number>;
}

/** `bulk`: the bulk edit of every draft and its undo too (most of a minute at 100,000). */
async function measure(rows: number, bulk: boolean) {
  const dir = await mkdtemp(join(tmpdir(), 'payout-desk-desk-bench-'));
  try {
    const filled = phase('fill', dir, rows);
    const worked = phase('work', dir, ROUNDS);
    // Last, and in a process of its own: its import's memory is no part of peak_rss_mb.
    const deleted = phase('delete', dir, 0);
    const bulkEdited = bulk ? phase('bulk', dir, 0) : {};
    return {
      ...worked,
      // Its own process's memory is not the window's: peak_rss_mb stays the work phase's.
      ...(bulk && {
        bulk_edit_all_ms: bulkEdited.bulk_edit_all_ms ?? NaN,
        bulk_edit_longest_step_ms: bulkEdited.bulk_edit_longest_step_ms ?? NaN,
        undo_bulk_edit_ms: bulkEdited.undo_bulk_edit_ms ?? NaN,
      }),
      delete_batch_ms: deleted.delete_batch_ms ?? NaN,
      import_peak_rss_mb: filled.peak_rss_mb ?? 0,
    } as Record<string, number>;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const main = await measure(ROWS, true);
const doubled = await measure(ROWS * 2, false);
const meets = Object.fromEntries(
  Object.entries(TARGETS).map(([key, target]) => [key, (main[key] ?? Infinity) < target]),
);
process.stdout.write(
  `${JSON.stringify(
    {
      rows: ROWS,
      rounds: ROUNDS,
      ...main,
      targets: TARGETS,
      meets_targets: meets,
      [`at_${ROWS * 2}`]: doubled,
    },
    null,
    2,
  )}\n`,
);
