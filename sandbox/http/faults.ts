// Switchable faults for tests and demos (POST /_sandbox/faults). Off by default. Decisions come
// from a seeded generator so that a failing run can be repeated with the same seed.
import { z } from 'zod';

export const FaultSettings = z.strictObject({
  latency_ms: z.int().min(0).max(60_000).default(0),
  rate_limit_probability: z.number().min(0).max(1).default(0),
  retry_after_seconds: z.int().min(0).max(3600).default(1),
  server_error_probability: z.number().min(0).max(1).default(0),
  /** Connection destroyed before the request is handled. */
  drop_before_probability: z.number().min(0).max(1).default(0),
  /** Connection destroyed after the request was handled and committed: the answer is lost. */
  drop_after_probability: z.number().min(0).max(1).default(0),
  /** Lifetime of tokens issued from now on; null restores the spec's 24 hours. */
  token_lifetime_seconds: z.int().min(1).nullable().default(null),
  seed: z.int().default(1),
});
export type FaultSettings = z.infer<typeof FaultSettings>;

export type FaultDecision =
  | { kind: 'none' }
  | { kind: 'rate_limit'; retryAfterSeconds: number }
  | { kind: 'server_error' }
  | { kind: 'drop_before' }
  | { kind: 'drop_after' };

export class Faults {
  private settings: FaultSettings = FaultSettings.parse({});
  private random: () => number = mulberry32(1);

  get current(): FaultSettings {
    return this.settings;
  }

  configure(settings: FaultSettings): void {
    this.settings = settings;
    this.random = mulberry32(settings.seed);
  }

  decide(): FaultDecision {
    const s = this.settings;
    if (this.random() < s.rate_limit_probability) {
      return { kind: 'rate_limit', retryAfterSeconds: s.retry_after_seconds };
    }
    if (this.random() < s.server_error_probability) return { kind: 'server_error' };
    if (this.random() < s.drop_before_probability) return { kind: 'drop_before' };
    if (this.random() < s.drop_after_probability) return { kind: 'drop_after' };
    return { kind: 'none' };
  }
}

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
