// What the UI benchmark runs inside the page, as JavaScript text: tsx compiles with keepNames,
// which wraps named functions in a `__name` helper the page does not have, so a function handed
// to page.evaluate from here would fail there. Installed once as `globalThis.__bench`.
// "Painted" is the first task after the next animation frame: the frame that shows the change
// has been produced by then.
export const PAGE_TOOLS = String.raw`
globalThis.__bench = (() => {
  const now = () => performance.now();
  const round = (n) => Math.round(n * 10) / 10;
  performance.setResourceTimingBufferSize(100000);
  const painted = () =>
    new Promise((done) =>
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => done(now());
        channel.port2.postMessage(0);
      }),
    );
  const grid = () => document.querySelector('[role=grid]');
  const isPlaceholder = (row) => row.querySelector('[role=gridcell] > span.muted') !== null;
  const firstRow = () => {
    const row = document.querySelector('[role=grid] [role=row][aria-rowindex="2"]');
    return row && !isPlaceholder(row) ? row : null;
  };
  const deskCalls = (from, to) =>
    performance
      .getEntriesByType('resource')
      .filter((e) => e.name.includes('/desk/') && e.startTime >= from && e.startTime <= to)
      .map((e) => ({
        method: new URL(e.name).pathname.slice('/desk/'.length),
        start_ms: round(e.startTime - from),
        ms: round(e.duration),
      }));

  /** From a click on the batch's link (the Batches screen) to its first row painted. */
  async function open(batchId) {
    performance.clearResourceTimings();
    const link = document.querySelector('a[href="#/batches/' + encodeURIComponent(batchId) + '"]');
    const long = [];
    const observer = watchLongFrames(long);
    const t0 = now();
    const seen = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (firstRow()) {
          observer.disconnect();
          resolve(now());
        }
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    if (link) link.click();
    else location.hash = '#/batches/' + encodeURIComponent(batchId);
    const inDom = await seen;
    const shown = await painted();
    await new Promise((done) => setTimeout(done, 0));
    observer.disconnect();
    return {
      long_frames: long,
      ms: round(shown - t0),
      dom_ms: round(inDom - t0),
      via: link ? 'link' : 'hash',
      desk_calls: deskCalls(t0, shown),
    };
  }

  /** Long animation frames (over 50 ms): where a slow frame's main-thread time went. */
  function watchLongFrames(into) {
    const take = (entries) => {
      for (const e of entries) {
        const end = e.startTime + e.duration;
        into.push({
          ms: round(e.duration),
          script_ms: round(e.scripts.reduce((sum, s) => sum + s.duration, 0)),
          // Layout a script forced by reading geometry (offsetHeight) after changing the DOM.
          forced_layout_ms: round(
            e.scripts.reduce((sum, s) => sum + (s.forcedStyleAndLayoutDuration || 0), 0),
          ),
          style_and_layout_ms: round(e.styleAndLayoutStart ? end - e.styleAndLayoutStart : 0),
          scripts: e.scripts.map((s) => s.invoker + ' ' + Math.round(s.duration)),
        });
      }
    };
    const observer = new PerformanceObserver((list) => take(list.getEntries()));
    observer.observe({ type: 'long-animation-frame' });
    return {
      disconnect() {
        take(observer.takeRecords());
        observer.disconnect();
      },
    };
  }

  /** Rows drawn in the scroll element's viewport that are placeholders (their page not here). */
  function placeholdersInView(el) {
    const view = el.getBoundingClientRect();
    let count = 0;
    for (const row of el.querySelectorAll('[role=row]')) {
      const box = row.getBoundingClientRect();
      if (box.bottom > view.top && box.top < view.bottom && isPlaceholder(row)) count += 1;
    }
    return count;
  }

  /** Every animation frame's duration from start() to stop(), and placeholder rows at each. */
  let recording = null;
  function start() {
    performance.clearResourceTimings();
    const el = grid();
    const rec = { frames: [], placeholders: [], last: null, on: true, t0: now(), long: [] };
    // Long animation frames (over 50 ms) say where a slow frame's main-thread time went.
    rec.observer = watchLongFrames(rec.long);
    const tick = (ts) => {
      if (!rec.on) return;
      if (rec.last !== null) {
        rec.frames.push(ts - rec.last);
        rec.placeholders.push(placeholdersInView(el));
      }
      rec.last = ts;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    recording = rec;
  }
  function stop() {
    const rec = recording;
    rec.on = false;
    rec.observer.disconnect();
    const t1 = now();
    const el = grid();
    const fetches = deskCalls(rec.t0, t1).filter((c) => c.method === 'draftWindow');
    return {
      frames: rec.frames.map(round),
      placeholders: rec.placeholders,
      draft_window_ms: fetches.map((c) => c.ms),
      scroll_top: el.scrollTop,
      scroll_max: el.scrollHeight - el.clientHeight,
      seconds: round((t1 - rec.t0) / 1000),
      long_frames: rec.long,
    };
  }

  /** Top to bottom in durationMs, scrollTop set once a frame (a scrollbar thumb dragged down). */
  function fling(durationMs) {
    const el = grid();
    const max = el.scrollHeight - el.clientHeight;
    return new Promise((done) => {
      let first = null;
      const step = (ts) => {
        first ??= ts;
        const progress = Math.min(1, (ts - first) / durationMs);
        el.scrollTop = Math.round(max * progress);
        if (progress < 1) requestAnimationFrame(step);
        else done(max);
      };
      requestAnimationFrame(step);
    });
  }

  /** Until no placeholder is in view: how long the rows took to arrive after the scroll. */
  async function settle() {
    const t0 = now();
    const el = grid();
    while (placeholdersInView(el) > 0 && now() - t0 < 30000) await painted();
    return round(now() - t0);
  }

  async function toTop() {
    grid().scrollTop = 0;
    await settle();
    await painted();
  }

  /** Each keystroke's time, from keydown (capture) to the editor's verdict shown and painted. */
  const keys = { samples: [], pending: null };
  function watchKeys() {
    const input = () => document.querySelector('[role=grid] input');
    addEventListener('keydown', (event) => (keys.pending = { key: event.key, t0: now() }), {
      capture: true,
    });
    const verdict = () => {
      const field = input();
      if (!field) return null;
      const status = document.getElementById(field.getAttribute('aria-describedby'));
      const message = (status && status.textContent) || '';
      return {
        invalid: field.getAttribute('aria-invalid') === 'true' && message.includes('Error'),
        valid: field.getAttribute('aria-invalid') === null && !message.includes('Error'),
      };
    };
    const observer = new MutationObserver(() => {
      const pending = keys.pending;
      const shown = verdict();
      if (!pending || !shown) return;
      if (pending.key === 'x' ? !shown.invalid : !shown.valid) return;
      keys.pending = null;
      const t1 = now();
      painted().then((t2) =>
        keys.samples.push({ key: pending.key, dom_ms: round(t1 - pending.t0), ms: round(t2 - pending.t0) }),
      );
    });
    observer.observe(grid().parentElement, {
      attributes: true,
      attributeFilter: ['aria-invalid'],
      childList: true,
      subtree: true,
      characterData: true,
    });
  }

  /** The samples once there are more than n (a keystroke's verdict is in). */
  async function samplesPast(n) {
    const t0 = now();
    while (keys.samples.length <= n) {
      if (now() - t0 > 10000) throw new Error('no verdict shown for keystroke ' + (n + 1));
      await painted();
    }
    return keys.samples;
  }

  /** draftWindow straight from the page: its time at the top, middle and bottom of the batch. */
  async function windowAt(batchId, skip) {
    const t0 = now();
    const reply = await fetch('/desk/draftWindow', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ batch: batchId, skip, take: 200, sort: { by: 'row', direction: 'asc' } }),
    });
    const body = await reply.json();
    if (!body.ok) throw new Error(JSON.stringify(body));
    return round(now() - t0);
  }

  return { open, start, stop, fling, settle, toTop, watchKeys, samplesPast, windowAt, firstRow };
})();
`;
