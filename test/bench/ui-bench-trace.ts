// What each frame cost the page's main thread, read from a Chromium trace (CDP tracing through
// playwright-core's browser.startTracing). requestAnimationFrame intervals cannot say it: at
// 60 Hz an on-time frame's interval is 16.7 ms however little work it took, so a percentile of
// intervals never goes under the 16 ms budget, and a late frame shows two vsyncs (33.3 ms)
// whether it missed by 0.1 ms or by 16.
//
// A frame here is one main-thread rendering update: the task holding `BeginMainThreadFrame`, in
// which Chromium dispatches the frame's scroll events, runs its requestAnimationFrame callbacks,
// then updates style and layout, paints (pre-paint, paint, layerize) and commits to the
// compositor. Its cost is the main thread's CPU time in that task plus in every other task that
// ran since the previous frame's rendering task ended (a fetched page parsed, a timer, an input
// event): the main thread's work for that frame. A frame whose work fits in 16.7 ms can be
// produced within its vsync; one over it cannot, whatever the compositor does. A "scrolled
// frame" is one whose rendering task dispatched a scroll event (the grid's rows moved in it).
//
// CPU time (the trace's thread time, `tdur`) rather than wall time, because this machine is
// shared: while others build, the main thread waits for a core, and its wall time says more of
// their load than of the grid (a 147 ms task was 46 ms of CPU at a load of 12). The same spans
// in wall-clock time are reported beside it (`wall_*`); on a quiet machine the two are close,
// wall time adding only the main thread's waits (for the compositor at commit). Raster and
// drawing happen on other threads (in software here, with --disable-gpu) and are not in it.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';

/** The trace categories read: tasks, the timeline's events, and the frame markers. */
export const TRACE_CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
];

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event, µs. */
  tdur?: number;
  args?: { name?: string; data?: { type?: string } };
}

/**
 * What a frame cost the main thread, in ms of its CPU time (the trace's thread time), and where
 * it went (each kind of event's self time); `wall_ms` is the same span in wall-clock time.
 */
export interface FrameCost {
  ms: number;
  wall_ms: number;
  render_task_ms: number;
  other_tasks_ms: number;
  script_ms: number;
  style_and_layout_ms: number;
  paint_ms: number;
  gc_ms: number;
  /** The rest of the rendering task: hit tests, the commit to the compositor, scheduling. */
  rest_ms: number;
  scrolled: boolean;
}

const TASK = 'ThreadControllerImpl::RunTask';
const KIND: Record<string, keyof FrameCost> = {
  EventDispatch: 'script_ms',
  FireAnimationFrame: 'script_ms',
  FunctionCall: 'script_ms',
  TimerFire: 'script_ms',
  EvaluateScript: 'script_ms',
  'v8.compile': 'script_ms',
  BlinkScheduler_PerformMicrotaskCheckpoint: 'script_ms',
  RunMicrotasks: 'script_ms',
  UpdateLayoutTree: 'style_and_layout_ms',
  Layout: 'style_and_layout_ms',
  PrePaint: 'paint_ms',
  Paint: 'paint_ms',
  Layerize: 'paint_ms',
  UpdateLayer: 'paint_ms',
  MinorGC: 'gc_ms',
  MajorGC: 'gc_ms',
};
const kindOf = (name: string): keyof FrameCost | undefined =>
  KIND[name] ?? (name.startsWith('V8.GC') ? 'gc_ms' : undefined);

/** Runs `gesture` with Chromium tracing on, and returns the cost of each frame it produced. */
export async function tracedFrames(
  browser: Browser,
  name: string,
  gesture: () => Promise<unknown>,
): Promise<FrameCost[]> {
  await browser.startTracing(undefined, { categories: TRACE_CATEGORIES });
  const done = await gesture().then(
    () => null,
    (error: unknown) => error,
  );
  const trace = await browser.stopTracing();
  if (done) throw done;
  // BENCH_TRACE_DIR keeps each trace, to open in DevTools' Performance panel.
  const keep = process.env.BENCH_TRACE_DIR;
  if (keep) await writeFile(join(keep, `ui-bench-${name}.json`), trace);
  const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] };
  return frameCosts(parsed.traceEvents);
}

/** The page's renderer main thread: the CrRendererMain that began the most frames. */
function pageMainThread(events: TraceEvent[]): { pid: number; tid: number } | undefined {
  const mains = new Set<string>();
  for (const e of events) {
    if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain') {
      mains.add(`${e.pid}:${e.tid}`);
    }
  }
  const frames = new Map<string, number>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.name === 'BeginMainThreadFrame' && mains.has(key))
      frames.set(key, (frames.get(key) ?? 0) + 1);
  }
  const best = [...frames].sort((a, b) => b[1] - a[1])[0];
  if (!best) return undefined;
  const [pid, tid] = best[0].split(':').map(Number) as [number, number];
  return { pid, tid };
}

export function frameCosts(all: TraceEvent[]): FrameCost[] {
  const thread = pageMainThread(all);
  if (!thread) return [];
  const events = all
    .filter((e) => e.pid === thread.pid && e.tid === thread.tid && (e.ph === 'X' || e.ph === 'I'))
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  // The thread's top-level tasks, each with the events inside it.
  const tasks: { task: TraceEvent; inside: TraceEvent[] }[] = [];
  for (const e of events) {
    const open = tasks.at(-1);
    if (open && e.ts < open.task.ts + (open.task.dur ?? 0)) open.inside.push(e);
    else if (e.name === TASK && e.ph === 'X') tasks.push({ task: e, inside: [] });
  }
  const frames: FrameCost[] = [];
  let others = { cpu: 0, wall: 0 };
  let seenFrame = false;
  for (const { task, inside } of tasks) {
    const ms = cpu(task) / 1000;
    if (!inside.some((e) => e.name === 'BeginMainThreadFrame')) {
      others = { cpu: others.cpu + ms, wall: others.wall + (task.dur ?? 0) / 1000 };
      continue;
    }
    // Before the first frame, the tasks belong to no frame traced whole.
    if (!seenFrame) others = { cpu: 0, wall: 0 };
    const cost: FrameCost = {
      ms: ms + others.cpu,
      wall_ms: ((task.dur ?? 0) + others.wall * 1000) / 1000,
      render_task_ms: ms,
      other_tasks_ms: others.cpu,
      script_ms: 0,
      style_and_layout_ms: 0,
      paint_ms: 0,
      gc_ms: 0,
      rest_ms: 0,
      scrolled: inside.some((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'scroll'),
    };
    addSelfTimes(inside, cost);
    cost.rest_ms = ms - cost.script_ms - cost.style_and_layout_ms - cost.paint_ms - cost.gc_ms;
    frames.push(cost);
    seenFrame = true;
    others = { cpu: 0, wall: 0 };
  }
  return frames;
}

/** An event's thread CPU time in µs (its wall time where the trace has no thread time). */
const cpu = (e: TraceEvent) => e.tdur ?? e.dur ?? 0;

/** Adds each known event's CPU self time (its own less its children's) to its kind. */
function addSelfTimes(inside: TraceEvent[], cost: FrameCost): void {
  const stack: { end: number; kind: keyof FrameCost | undefined; self: number }[] = [];
  const close = (until: number) => {
    while (stack.length > 0 && stack.at(-1)!.end <= until) {
      const done = stack.pop()!;
      if (done.kind) (cost[done.kind] as number) += done.self / 1000;
    }
  };
  for (const e of inside) {
    if (e.ph !== 'X') continue;
    close(e.ts);
    const parent = stack.at(-1);
    if (parent) parent.self -= cpu(e);
    stack.push({ end: e.ts + (e.dur ?? 0), kind: kindOf(e.name), self: cpu(e) });
  }
  close(Infinity);
}

const VSYNC_MS = 1000 / 60;
const round = (n: number) => Math.round(n * 10) / 10;
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / (values.length || 1);
function quantile(values: number[], q: number): number {
  const all = [...values].sort((a, b) => a - b);
  return all[Math.min(all.length - 1, Math.ceil(q * all.length) - 1)] ?? NaN;
}
const BREAKDOWN = [
  'script_ms',
  'style_and_layout_ms',
  'paint_ms',
  'gc_ms',
  'rest_ms',
  'other_tasks_ms',
] as const;

/**
 * The scrolled frames' costs in short: percentiles, frames over one vsync, where the time went;
 * and the frames in which nothing scrolled (pages of rows arriving, the wheel's in-between
 * frames), counted apart.
 */
export function costStats(all: FrameCost[]) {
  const frames = all.filter((frame) => frame.scrolled);
  const still = all.filter((frame) => !frame.scrolled).map((frame) => frame.ms);
  const ms = frames.map((frame) => frame.ms);
  const wall = frames.map((frame) => frame.wall_ms);
  // The slowest twentieth of the frames: what the p95 is made of.
  const slowest = [...frames].sort((a, b) => b.ms - a.ms).slice(0, Math.ceil(frames.length / 20));
  const by = (set: FrameCost[], pick: (values: number[]) => number) =>
    Object.fromEntries(BREAKDOWN.map((kind) => [kind, round(pick(set.map((f) => f[kind])))]));
  return {
    scrolled_frames: frames.length,
    p50_frame_ms: round(quantile(ms, 0.5)),
    p95_frame_ms: round(quantile(ms, 0.95)),
    max_frame_ms: round(Math.max(...ms)),
    frames_over_16_7ms: ms.filter((cost) => cost > VSYNC_MS).length,
    mean_frame_by_kind: by(frames, mean),
    slowest_5_percent_mean_by_kind: by(slowest, mean),
    wall_p50_frame_ms: round(quantile(wall, 0.5)),
    wall_p95_frame_ms: round(quantile(wall, 0.95)),
    frames_without_a_scroll: {
      frames: still.length,
      p95_ms: round(quantile(still, 0.95)),
      max_ms: round(Math.max(0, ...still)),
    },
  };
}

/** requestAnimationFrame intervals: what a person sees (one vsync each when on time). */
export function intervalStats(intervals: number[]) {
  return {
    intervals: intervals.length,
    p50_interval_ms: round(quantile(intervals, 0.5)),
    p95_interval_ms: round(quantile(intervals, 0.95)),
    max_interval_ms: round(Math.max(...intervals)),
    // An interval of two vsyncs or more is a frame that came late; each extra vsync a frame lost.
    intervals_over_one_vsync: intervals.filter((ms) => ms > 1.5 * VSYNC_MS).length,
    vsyncs_missed: intervals.reduce(
      (sum, ms) => sum + Math.max(0, Math.round(ms / VSYNC_MS) - 1),
      0,
    ),
  };
}
