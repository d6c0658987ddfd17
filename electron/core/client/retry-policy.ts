// When to try a call again, and how long to wait: exponential backoff with full jitter, or the
// service's Retry-After when it gives one. Only calls that are safe to repeat are repeated
// after an answer that may have come from a processed request (DESIGN.md).
import type { ServiceCallError } from './service-error';

/**
 * idempotent: repeating it cannot do anything twice (GET, PUT by id, DELETE, validation).
 * unsafe: a repeat could act twice (bulk import, POST create); repeated only when the service
 * certainly did not process it: a 429, or a connection that was never made.
 */
export type CallSafety = 'idempotent' | 'unsafe';

export interface RetryPolicy {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the error goes to the caller. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 6,
  baseDelayMs: 200,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 120_000,
};

const RETRYABLE_STATUS = new Set([429, 500, 502, 503, 504]);

export function shouldRetry(error: ServiceCallError, safety: CallSafety): boolean {
  if (error.kind === 'status') {
    if (error.status === 429) return true;
    return safety === 'idempotent' && RETRYABLE_STATUS.has(error.status ?? 0);
  }
  if (error.kind === 'network') {
    return safety === 'idempotent' || error.requestNeverLeft;
  }
  // tls, bad_answer, refused: the same request would meet the same certificate or answer.
  return false;
}

/** Milliseconds before attempt number `attempt` (1 = the first retry). */
export function retryDelayMs(
  policy: RetryPolicy,
  attempt: number,
  retryAfterSeconds: number | undefined,
  random: () => number,
): number {
  if (retryAfterSeconds !== undefined)
    return Math.min(retryAfterSeconds * 1000, policy.maxRetryAfterMs);
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(random() * ceiling);
}

/** Retry-After as seconds: a number of seconds or an HTTP date. */
export function parseRetryAfter(
  header: string | string[] | undefined,
  now: number,
): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}
