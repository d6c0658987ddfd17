// What every part of the contract uses: ids, references to batches, exact amounts as text,
// times, file paths, and the answer of a live view, which says when it was fetched.
import { z } from 'zod';

export const Id = z.string().min(1).max(200);

/** A batch by its id, or by its name as a person types it. */
export const BatchRef = z.string().min(1).max(200);

/**
 * A batch's name: it is shown in lists and typed in commands, so it is one line of text without
 * control characters (a newline in a name would break every list that shows it).
 */
export const BatchName = z
  .string()
  .trim()
  .min(1, 'a batch needs a name')
  .max(200, 'a batch name is at most 200 characters')
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  .refine((name) => !/[\u0000-\u001f\u007f]/.test(name), 'a batch name is one line of text');

/** A job named by its caller, so that it can be cancelled before its call returns. */
export const JobId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'a job id is 1-64 letters, digits, - or _');

/** An exact amount as decimal text ("1234.50", "-0.125"): never a binary float. */
export const DecimalText = z.string().regex(/^-?\d+(\.\d{1,3})?$/);

/** A sum of amounts in one currency; `currency` is '' while the wallet's is not known yet. */
export const MoneyTotal = z.object({ currency: z.string(), amount: DecimalText, count: z.int() });
export type MoneyTotal = z.infer<typeof MoneyTotal>;

export const Timestamp = z.iso.datetime({ offset: true });

/** A path on the machine the core runs on (the host saves an uploaded sheet to one first). */
export const FilePath = z.string().min(1).max(4096);

/** Every live view's answer: when it was fetched, and whether it is the last copy kept offline. */
export const Fetched = {
  fetched_at: Timestamp,
  /** True when the service could not be reached and this is the last copy fetched. */
  stale: z.boolean(),
};

/**
 * A draft the call could not act on, and why: in words, and, where an approval refused it, for
 * what (its errors, its warnings not acknowledged, or its state: sent already).
 */
export const Refusal = z.object({
  id: z.string(),
  row: z.int().nullable(),
  reason: z.string(),
  for: z.enum(['errors', 'warnings', 'state']).optional(),
});
export type Refusal = z.infer<typeof Refusal>;

/** How many drafts were refused, and (the first hundred of) which and why. */
export const Refusals = {
  refused_total: z.int(),
  refused: z.array(Refusal),
};

export const Empty = z.object({});
