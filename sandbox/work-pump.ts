// Runs the parts' queued work (import jobs) in small transactions between requests, so that
// jobs progress item by item while the server keeps answering, and the due work (payment
// lifecycle) on a timer of the sandbox clock.
import type { SandboxFeature } from './feature';

/** Items per transaction: small enough to keep request latency low, large enough for throughput. */
const ITEMS_PER_TURN = 500;

export class WorkPump {
  private scheduled = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(readonly features: SandboxFeature[]) {}

  /** Something was queued: make sure a turn is coming. */
  kick = (): void => {
    if (this.scheduled || this.stopped) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (this.stopped) return; // the database may be closed by now
      if (guarded(() => this.turn())) this.kick();
    });
  };

  /** Runs every queued item now (used before moving the clock, and in tests). */
  drain(): void {
    while (this.turn());
  }

  runDue(): void {
    for (const feature of this.features) feature.runDue?.();
  }

  startTimer(intervalMs: number): void {
    this.timer = setInterval(() => guarded(() => this.runDue()), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
  }

  private turn(): boolean {
    let more = false;
    for (const feature of this.features) {
      if (feature.pump?.(ITEMS_PER_TURN)) more = true;
    }
    return more;
  }
}

/**
 * Work run off a timer has no caller to fail to: an error (the database locked by another
 * process past its wait) is said and the work left for the next turn, which the next request
 * or tick brings; thrown, it ended the process the sandbox runs in, the app's host among them.
 */
function guarded<T>(work: () => T): T | undefined {
  try {
    return work();
  } catch (error) {
    process.stderr.write(`sandbox: queued work left for the next turn: ${String(error)}\n`);
    return undefined;
  }
}
