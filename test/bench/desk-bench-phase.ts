// One phase of bench:desk, in a process of its own so that its peak memory is its own:
// `fill DIR ROWS` imports a payroll of ROWS rows into a desk's outbox in DIR; `work DIR ROUNDS`
// opens that desk afresh and times what the window does to a big batch; `delete DIR` imports
// the same payroll again as a second batch and times deleting it beside the first (each of its
// new payees deleted checks that no draft of the other still names it), with its longest step
// (what another call waits at most meanwhile); `bulk DIR` times a bulk edit of every draft and
// its undo. Each prints JSON.
import { join } from 'node:path';
import { createDesk } from '../../electron/core/desk';
import { startBuiltInSandbox } from '../../electron/sandbox-starter';
import { writePayrollCsv } from '../support/payroll-csv';
import { peakRssMb } from '../support/peak-rss';

const [phase, dir = '', count = '0'] = process.argv.slice(2);
const desk = createDesk({ dataDir: dir, secretStore: null, startSandbox: startBuiltInSandbox });
const { api } = desk;
const BATCH = 'Bench';

const ms = (started: number) => Number((performance.now() - started).toFixed(2));

async function timed<T>(run: () => Promise<T>): Promise<number> {
  const started = performance.now();
  await run();
  return ms(started);
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

async function fill(rows: number) {
  const file = join(dir, 'payroll.csv');
  await writePayrollCsv(file, rows);
  const summary = await api.importSheet({ file, batch_name: BATCH });
  return { drafts: summary.drafts };
}

async function work(rounds: number) {
  const batch = await api.getBatch({ batch: BATCH });
  const drafts = batch.counts.drafts;
  const middle = Math.floor(drafts / 2);
  const window: number[] = [];
  const count: number[] = [];
  const edit: number[] = [];
  const approveAll: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    window.push(
      await timed(() =>
        api.draftWindow({ batch: BATCH, skip: middle, take: 100, sort: { by: 'amount' } }),
      ),
    );
    count.push(await timed(() => api.getBatch({ batch: BATCH })));
    const { rows } = await api.draftWindow({ batch: BATCH, skip: middle + round, take: 1 });
    const id = rows[0]?.id as string;
    edit.push(
      await timed(() => api.editDraft({ id, changes: { 'amount.amount': `${2000 + round}.25` } })),
    );
    approveAll.push(
      await timed(() =>
        api.approve({ batch: BATCH, selection: { filter: {} }, include_warnings: true }),
      ),
    );
    await api.unapprove({ batch: BATCH, selection: { filter: {} } });
  }
  return {
    drafts,
    window_ms: median(window),
    count_ms: median(count),
    edit_ms: median(edit),
    approve_all_ms: median(approveAll),
    ...(await payees(rounds)),
  };
}

/**
 * The Beneficiaries screen over the batch's 100,000 payees: its first page of 50, a page from
 * the middle, a search as typed into its box (a word most payees share, so that the page fills
 * from the top and the count covers them all), and the count alone of the batch's payees (the
 * desk answers a count with a page: the smallest one); and, apart, the very first list after
 * the import, which lists the new batch's payees in the payee index (outbox/payee-index.ts).
 */
async function payees(rounds: number) {
  const first: number[] = [];
  const middle: number[] = [];
  const search: number[] = [];
  const count: number[] = [];
  // The first list after the import also lists the batch's payees in the payee index, once.
  const started = performance.now();
  const { total } = await api.listBeneficiaries({ take: 1 });
  const firstList = ms(started);
  for (let round = 0; round < rounds; round += 1) {
    first.push(await timed(() => api.listBeneficiaries({ skip: 0, take: 50 })));
    const skip = Math.floor(total / 2) + round * 50;
    middle.push(await timed(() => api.listBeneficiaries({ skip, take: 50 })));
    search.push(await timed(() => api.listBeneficiaries({ search: `müller ${round}`, take: 50 })));
    count.push(await timed(() => api.listBeneficiaries({ batch: BATCH, take: 1 })));
  }
  const page = {
    first: median(first),
    middle: median(middle),
    search: median(search),
  };
  return {
    payees: total,
    payees_first_list_ms: firstList,
    payees_page_ms: Math.max(page.first, page.middle, page.search),
    payees_first_page_ms: page.first,
    payees_middle_page_ms: page.middle,
    payees_search_ms: page.search,
    payees_count_ms: median(count),
  };
}

async function deleteBeside() {
  await api.importSheet({ file: join(dir, 'payroll.csv'), batch_name: `${BATCH} again` });
  // The deletion goes a step at a time: the longest step is the longest any other call waits.
  const steps: number[] = [];
  let last = performance.now();
  desk.on((event) => {
    if (event.type !== 'job.progress' || event.job_id !== 'bench-delete') return;
    steps.push(ms(last));
    last = performance.now();
  });
  const deleted = await timed(() =>
    api.deleteBatch({ batch: `${BATCH} again`, job_id: 'bench-delete' }),
  );
  return { delete_batch_ms: deleted, delete_batch_longest_step_ms: Math.max(...steps) };
}

/**
 * A bulk edit of every draft's date, and its undo: each goes in steps (desk/batch-steps.ts), and
 * the longest step of the edit is the longest another call waits meanwhile.
 */
async function bulkAndUndo() {
  const steps: number[] = [];
  let last = performance.now();
  const stop = desk.on((event) => {
    if (event.type !== 'job.progress' || event.job_id !== 'bench-bulk') return;
    steps.push(ms(last));
    last = performance.now();
  });
  const edited = await timed(() =>
    api.bulkEdit({
      batch: BATCH,
      selection: { filter: {} },
      changes: { 'execution.date': '2031-02-03' },
      job_id: 'bench-bulk',
    }),
  );
  stop();
  const undone = await timed(() => api.undo({ batch: BATCH }));
  return {
    bulk_edit_all_ms: edited,
    bulk_edit_longest_step_ms: Math.max(...steps),
    undo_bulk_edit_ms: undone,
  };
}

const PHASES: Record<string, (count: number) => Promise<Record<string, number>>> = {
  fill,
  work,
  delete: deleteBeside,
  bulk: bulkAndUndo,
};

try {
  const run = PHASES[phase ?? ''];
  if (!run) throw new Error(`no phase ${phase}: fill, work, delete or bulk`);
  const result = await run(Number(count));
  const peak = peakRssMb();
  process.stdout.write(`${JSON.stringify({ ...result, peak_rss_mb: peak })}\n`);
} finally {
  await desk.close();
}
