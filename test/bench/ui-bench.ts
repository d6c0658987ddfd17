// npm run bench:ui — the Batch editor on a batch of 100,000 drafts, in Chromium, against the
// real web app (the browser host on the Local sandbox, in a fresh data folder): how long from
// a click on the batch in the Batches screen to its first rows painted; the frames while its
// grid is scrolled end to end (a scrollbar thumb dragged top to bottom, then the mouse wheel
// in notches of 600 px; notches of 100 px are reported beside, not in the target's measure);
// and how long from a keystroke in an amount cell to the cell's verdict (aria-invalid and the
// message under the grid) painted. The batch is made by uploading a CSV of valid payees through
// the host and importing it, as the page would (setup, not measured). Chromium runs headless
// with --disable-gpu (software compositing): its frames are not a desktop GPU's. Prints one
// JSON object; progress goes to stderr.
//
// The scroll is run twice. `scroll_p95_frame_ms` comes from the second, traced run: the p95,
// over the frames in which the grid scrolled, of what each cost the page's main thread in CPU
// time (its rendering task: scroll events, requestAnimationFrame callbacks, style, layout,
// paint, layerize, commit; plus any other task run since the previous frame), read from a
// Chromium trace (ui-bench-trace.ts, which says why CPU time on this shared machine, and
// reports wall time beside it). That is what the 16 ms budget is about: a frame whose work
// fits in one vsync can be shown on time. The first, untraced run records requestAnimationFrame
// intervals, what a person sees: they are kept under `scroll.intervals` (p95 interval, intervals
// over one vsync, vsyncs missed) but are not the target's measure, since an on-time frame's
// interval is one vsync (16.7 ms at 60 Hz) however little work it took, so a p95 of intervals
// can never be under 16. Tracing adds a little main-thread time of its own, so the costs err
// high.
import { readFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium, newAppPage } from '../e2e/support/chromium';
import { startWebApp } from '../e2e/support/web-app';
import buildForTests from '../support/build-for-tests';
import { writePayroll } from '../support/payroll-csv';
import { PAGE_TOOLS } from './ui-bench-page';
import { costStats, intervalStats, tracedFrames, type FrameCost } from './ui-bench-trace';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const OPENS = Number(process.env.BENCH_ROUNDS ?? 5);
const KEYSTROKES = 20;
const FLING_MS = 3_000;
const WHEEL_EVENTS = 60;
const TARGETS = { first_rows_ms: 300, scroll_p95_frame_ms: 16, keystroke_to_validated_ms: 50 };
/** The Amount column's aria-colindex in the editor's grid. */
const AMOUNT_COL = 4;

const log = (line: string) => process.stderr.write(`ui-bench: ${line}\n`);
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const quantile = (values: number[], q: number) => {
  const all = sorted(values);
  return all[Math.min(all.length - 1, Math.ceil(q * all.length) - 1)] ?? NaN;
};
const median = (values: number[]) => quantile(values, 0.5);
const round = (n: number) => Math.round(n * 10) / 10;
const inPage = <T>(page: Page, call: string) => page.evaluate(`__bench.${call}`) as Promise<T>;

interface Recorded {
  frames: number[];
  placeholders: number[];
  draft_window_ms: number[];
  scroll_top: number;
  scroll_max: number;
  seconds: number;
  long_frames: LongFrame[];
}

interface LongFrame {
  ms: number;
  script_ms: number;
  forced_layout_ms: number;
  style_and_layout_ms: number;
  scripts: string[];
}

interface Opened {
  ms: number;
  dom_ms: number;
  via: string;
  desk_calls: { method: string; start_ms: number; ms: number }[];
  long_frames: LongFrame[];
}

/** Frames over 50 ms, as Chromium's long-animation-frame entries break them down. */
function longFrames(long: LongFrame[]) {
  const longest = [...long].sort((a, b) => b.ms - a.ms)[0];
  return {
    count: long.length,
    median_ms: round(median(long.map((frame) => frame.ms))),
    median_script_ms: round(median(long.map((frame) => frame.script_ms))),
    median_forced_layout_ms: round(median(long.map((frame) => frame.forced_layout_ms))),
    median_style_and_layout_ms: round(median(long.map((frame) => frame.style_and_layout_ms))),
    longest_scripts: longest?.scripts ?? [],
  };
}

/** The untraced run of a gesture: its requestAnimationFrame intervals and its page fetches. */
function frameStats(recorded: Recorded, settleMs: number) {
  const { frames, placeholders, draft_window_ms: fetches } = recorded;
  return {
    seconds: recorded.seconds,
    ...intervalStats(frames),
    frames_with_placeholder_rows: placeholders.filter((n) => n > 0).length,
    most_placeholder_rows_in_a_frame: Math.max(0, ...placeholders),
    pages_fetched: fetches.length,
    page_fetch_p50_ms: round(median(fetches)),
    page_fetch_max_ms: round(Math.max(0, ...fetches)),
    rows_filled_after_the_scroll_ms: settleMs,
    reached_the_end: recorded.scroll_top >= recorded.scroll_max - 1,
    long_animation_frames: longFrames(recorded.long_frames),
  };
}

/** Why a target was missed, in the bench's own numbers. */
function notes(run: {
  meets: Record<string, boolean>;
  medianOpen: Opened | undefined;
  fling: ReturnType<typeof frameStats>;
  costs: ReturnType<typeof costStats>;
  intervals: ReturnType<typeof intervalStats>;
  windows: Record<string, number>;
}): string[] {
  const { costs, intervals } = run;
  const said: string[] = [
    `scroll_p95_frame_ms is the p95 of what each of ${costs.scrolled_frames} scrolled frames ` +
      `cost the main thread in CPU time (script, style, layout, paint, commit and the tasks ` +
      `between frames, from a Chromium trace): ${costs.frames_over_16_7ms} took over one 60 Hz ` +
      `vsync (in wall-clock time, p95 ${costs.wall_p95_frame_ms} ms). It is not the ` +
      `p95 of requestAnimationFrame intervals (${intervals.p95_interval_ms} ms here, ` +
      `${intervals.intervals_over_one_vsync} of ${intervals.intervals} intervals over one vsync, ` +
      `under scroll.intervals): an on-time interval is 16.7 ms however cheap its frame.`,
  ];
  const open = run.medianOpen;
  if (!run.meets.first_rows_ms && open) {
    const calls = open.desk_calls
      .map((call) => `${call.method} from ${call.start_ms} ms for ${call.ms} ms`)
      .join(', ');
    const frames = open.long_frames;
    const sum = (key: 'ms' | 'forced_layout_ms') =>
      round(frames.reduce((total, frame) => total + frame[key], 0));
    said.push(
      `opening: the first row was in the DOM at ${open.dom_ms} ms and painted at ${open.ms} ms; ` +
        `the desk calls: ${calls} (the host answers one call at a time, so the first page ` +
        `waits for the batch's counts and totals); then the page's long frames took ` +
        `${sum('ms')} ms, ${sum('forced_layout_ms')} ms of it layout forced by scripts.`,
    );
  }
  if (!run.meets.scroll_p95_frame_ms) {
    const long = run.fling.long_animation_frames;
    const slow = run.costs.slowest_5_percent_mean_by_kind;
    said.push(
      `scrolling: the slowest 5% of the traced frames spent on average ` +
        Object.entries(slow)
          .map(([kind, ms]) => `${ms} ms in ${kind.replace(/_ms$/, '').replaceAll('_', ' ')}`)
          .join(', ') +
        `. In the untraced run ${long.count} frames of the fling were long (median ${long.median_ms} ms: ` +
        `${long.median_script_ms} ms of script, ${long.median_forced_layout_ms} ms of it ` +
        `layout forced inside the scroll handler, against ${long.median_style_and_layout_ms} ms ` +
        `of the frame's own style and layout; the scripts that ran longest: ` +
        `${long.longest_scripts.join(', ') || 'none named'}). 200 rows from the end of the ` +
        `batch take ${run.windows[`skip_${ROWS - 200}`]} ms, and the rows of a page still ` +
        `on its way show as placeholders (counted) without holding a frame.`,
    );
  }
  return said;
}

log('building the renderer');
await buildForTests();
const dir = await mkdtemp(join(tmpdir(), 'payout-desk-ui-bench-'));
const [app, browser] = await Promise.all([startWebApp(), launchChromium()]);
try {
  const page = await newAppPage(browser);
  await page.goto(app.url);
  await page.getByRole('heading', { name: 'Batches' }).waitFor();

  log(`writing and importing ${ROWS.toLocaleString()} payees`);
  const csv = await readFile(await writePayroll(join(dir, 'payroll.csv'), ROWS));
  const started = performance.now();
  const post = async (path: string, data: Buffer | object) => {
    const reply = await page.request.post(`${app.origin}/desk/${path}`, {
      data,
      headers: { origin: app.origin },
      timeout: 300_000,
    });
    const body = (await reply.json()) as { ok: boolean; value: Record<string, unknown> };
    if (!body.ok) throw new Error(`${path}: ${JSON.stringify(body)}`);
    return body.value;
  };
  const uploaded = await post('upload?name=payroll.csv', csv);
  const imported = await post('importSheet', {
    file: uploaded.path,
    batch_name: 'Bench payroll',
  });
  const batchId = String(imported.batch_id);
  const importSeconds = round((performance.now() - started) / 1000);

  await page.reload();
  await page.getByRole('link', { name: 'Bench payroll' }).waitFor();
  await page.evaluate(PAGE_TOOLS);

  log('opening the batch');
  const opens: Opened[] = [];
  for (let round = 0; round < OPENS; round += 1) {
    await page.evaluate(`location.hash = '#/batches'`);
    await page.getByRole('link', { name: 'Bench payroll' }).waitFor();
    await page.waitForTimeout(300);
    opens.push(await inPage(page, `open(${JSON.stringify(batchId)})`));
  }
  const openMs = opens.map((open) => open.ms);

  log('scrolling');
  await page
    .getByRole('grid')
    .and(page.locator(`[aria-rowcount="${ROWS + 1}"]`))
    .waitFor();
  await inPage(page, 'toTop()');
  await inPage(page, 'start()');
  await inPage(page, `fling(${FLING_MS})`);
  const flung = await inPage<Recorded>(page, 'stop()');
  const flingSettle = await inPage<number>(page, 'settle()');

  await inPage(page, 'toTop()');
  const box = await page.getByRole('grid').boundingBox();
  if (!box) throw new Error('the grid is not on the page');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  /**
   * The mouse wheel over the grid: each notch `notch` px down. Headless Chromium scrolls each
   * at once, without the animation a desktop gives it: 600 px is most of a view of rows, every
   * row drawn new in its frame; 100 px, a common notch, brings in three or four.
   */
  const wheelDown = async (notch = 600) => {
    for (let n = 0; n < WHEEL_EVENTS; n += 1) await page.mouse.wheel(0, notch);
    await page.waitForTimeout(500);
  };
  await inPage(page, 'start()');
  await wheelDown();
  const wheeled = await inPage<Recorded>(page, 'stop()');
  const wheelSettle = await inPage<number>(page, 'settle()');

  // BENCH_CPU_PROFILE=<file.cpuprofile>: one more fling and one more wheel under V8's sampling
  // profiler, kept for DevTools (not part of any figure: the profiler slows the page). The
  // wheel's frames, whose rows arrive filled, are the costly ones.
  const profileTo = process.env.BENCH_CPU_PROFILE;
  if (profileTo) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    for (const [gesture, run] of [
      ['fling', () => inPage(page, `fling(${FLING_MS})`)],
      ['wheel', () => wheelDown()],
    ] as const) {
      await inPage(page, 'toTop()');
      await cdp.send('Profiler.start');
      await run();
      const { profile } = await cdp.send('Profiler.stop');
      await writeFile(
        profileTo.replace(/(\.cpuprofile)?$/, `-${gesture}$1`),
        JSON.stringify(profile),
      );
      await inPage(page, 'settle()');
    }
    await cdp.detach();
  }

  log('scrolling again, traced: what each frame cost the main thread');
  await inPage(page, 'toTop()');
  const flingCosts = await tracedFrames(browser, 'fling', () => inPage(page, `fling(${FLING_MS})`));
  await inPage(page, 'settle()');
  await inPage(page, 'toTop()');
  const wheelCosts = await tracedFrames(browser, 'wheel', wheelDown);
  await inPage(page, 'settle()');
  // Reported beside the target's measure, not in it: its frames are cheaper by design.
  await inPage(page, 'toTop()');
  const smallStepCosts = await tracedFrames(browser, 'wheel-100px', () => wheelDown(100));
  await inPage(page, 'settle()');

  log('typing in an amount cell');
  await inPage(page, 'toTop()');
  await page
    .locator(`[role=row][aria-rowindex="2"] [role=gridcell][aria-colindex="${AMOUNT_COL}"]`)
    .click();
  await page.keyboard.press('F2');
  await page.locator('[role=grid] input').waitFor();
  await inPage(page, 'watchKeys()');
  for (let n = 0; n < KEYSTROKES * 2; n += 1) {
    await page.keyboard.press(n % 2 === 0 ? 'x' : 'Backspace');
    await inPage(page, `samplesPast(${n})`);
  }
  const keys = await inPage<{ key: string; ms: number; dom_ms: number }[]>(
    page,
    `samplesPast(${KEYSTROKES * 2 - 1})`,
  );
  await page.keyboard.press('Escape');

  log('timing draftWindow across the batch');
  const windows: Record<string, number> = {};
  for (const skip of [0, Math.floor(ROWS / 2), ROWS - 200]) {
    const times: number[] = [];
    for (let n = 0; n < 5; n += 1) {
      times.push(await inPage<number>(page, `windowAt(${JSON.stringify(batchId)}, ${skip})`));
    }
    windows[`skip_${skip}`] = median(times);
  }

  const costs: FrameCost[] = [...flingCosts, ...wheelCosts];
  const costSummary = costStats(costs);
  const intervals = intervalStats([...flung.frames, ...wheeled.frames]);
  const keyMs = keys.map((key) => key.ms);
  const main = {
    first_rows_ms: median(openMs),
    scroll_p95_frame_ms: costSummary.p95_frame_ms,
    keystroke_to_validated_ms: median(keyMs),
  };
  const meets = Object.fromEntries(
    Object.entries(TARGETS).map(([key, target]) => [
      key,
      (main[key as keyof typeof main] ?? Infinity) < target,
    ]),
  );
  const medianOpen = opens.find((open) => open.ms === main.first_rows_ms);
  const fling = frameStats(flung, flingSettle);
  const wheel = frameStats(wheeled, wheelSettle);
  process.stdout.write(
    `${JSON.stringify(
      {
        rows: ROWS,
        ...main,
        targets: TARGETS,
        meets_targets: meets,
        first_rows: {
          runs_ms: openMs,
          in_dom_ms: opens.map((open) => open.dom_ms),
          opened_by: opens[0]?.via,
          desk_calls_of_the_median_run: medianOpen?.desk_calls,
          long_frames_of_the_median_run: longFrames(medianOpen?.long_frames ?? []),
        },
        scroll: {
          measure:
            "each scrolled frame's main-thread CPU time, from a Chromium trace of a second run: " +
            'its rendering task (scroll events, rAF callbacks, style, layout, paint, commit) ' +
            'plus the other tasks since the previous frame; under 16.7 ms it fits one 60 Hz ' +
            'vsync. wall_* are the same spans in wall-clock time (longer when the shared ' +
            'machine keeps the main thread waiting for a core). ' +
            'requestAnimationFrame intervals of the first, untraced run are under `intervals`: ' +
            'an on-time interval is 16.7 ms however cheap the frame, so their p95 is no ' +
            "measure of the frames' work.",
          ...costSummary,
          fling_top_to_bottom: costStats(flingCosts),
          mouse_wheel: costStats(wheelCosts),
          mouse_wheel_100px_not_in_the_p95: costStats(smallStepCosts),
          intervals: {
            ...intervals,
            fling_top_to_bottom: fling,
            mouse_wheel: { events: WHEEL_EVENTS, delta_px: 600, ...wheel },
          },
        },
        keystroke: {
          samples: keys.length,
          p95_ms: quantile(keyMs, 0.95),
          max_ms: Math.max(...keyMs),
          to_dom_median_ms: median(keys.map((key) => key.dom_ms)),
          typed: 'x then Backspace after an amount (invalid, then valid again)',
        },
        draft_window_200_rows_ms: windows,
        notes: notes({ meets, medianOpen, fling, costs: costSummary, intervals, windows }),
        import_seconds: importSeconds,
        machine: {
          cpus: cpus().length,
          cpu: cpus()[0]?.model ?? 'unknown',
          memory_gb: round(totalmem() / 1024 ** 3),
          node: process.version,
          chromium: browser.version(),
          viewport: '1440x900',
          frames:
            'measured headless (--disable-gpu, software compositing): frame costs from a Chromium trace, intervals from requestAnimationFrame timestamps in the page',
        },
      },
      null,
      2,
    )}\n`,
  );
} finally {
  await browser.close();
  await app.stop();
  await rm(dir, { recursive: true, force: true });
}
