// A bulk import of payees at the service: a batch's new payees, or those ticked in the list,
// sent as the service's bulk beneficiary imports in chunks, each job followed to its end with
// progress events, and each of its rows mapped back to its payee: created, or refused with the
// service's errors and warnings at the fields their `properties` name.
import { z } from 'zod';
import { BatchRef, Id, JobId } from './common';
import { ServiceJob } from './sync';

export const ImportBeneficiariesInput = z
  .object({
    /** Every new payee of this batch whose payment is not sent yet. */
    batch: BatchRef.optional(),
    /** Or these payees (beneficiary ids): drafted with a payment or saved on their own. */
    beneficiaries: z.array(Id).min(1).max(100_000).optional(),
    /** Or every payee saved on its own that the service does not hold yet. */
    saved_here: z.literal(true).optional(),
    profile: z.string().optional(),
    /** Payees per import request; the chunk size in the settings when absent (at most 1,000). */
    chunk_size: z.int().min(1).max(1000).optional(),
    job_id: JobId.optional(),
  })
  .refine(
    (input) =>
      [input.batch, input.beneficiaries, input.saved_here].filter((scope) => scope !== undefined)
        .length === 1,
    { message: 'name one of: a batch, the payees to import, or those saved here' },
  );

/** One finding of the service at a payee's field, in the form's names (`beneficiary.…`). */
export const PayeeFinding = z.object({ field: z.string(), message: z.string() });
export type PayeeFinding = z.infer<typeof PayeeFinding>;

export const BeneficiaryImportRow = z.object({
  /** The payee's place in this import, from 1, in the order sent. */
  row: z.int().min(1),
  id: Id,
  name: z.string().nullable(),
  /** Its account's country and currency: they say what its bank fields are called. */
  country: z.string(),
  currency: z.string(),
  /**
   * `created`: the service holds it (not active yet); `failed`: refused, its errors say why;
   * `not_sent`: its details do not fit the service's format, so it was kept back.
   */
  result: z.enum(['created', 'failed', 'not_sent']),
  errors: z.array(PayeeFinding),
  warnings: z.array(PayeeFinding),
});
export type BeneficiaryImportRow = z.infer<typeof BeneficiaryImportRow>;

export const BeneficiaryImportDone = z.object({
  /** Payees this import was to send. */
  total: z.int(),
  /** Sent in a job (or, where the service has no import call, one by one). */
  submitted: z.int(),
  created: z.int(),
  failed: z.int(),
  not_sent: z.int(),
  /** Cancelled: no further chunk was sent; a job already submitted goes on at the service. */
  cancelled: z.boolean(),
  jobs: z.array(ServiceJob),
  /** The rows with their results, the first 1,000 (those with findings first). */
  rows: z.array(BeneficiaryImportRow),
  rows_total: z.int(),
  /** What the person should know, in words: what a cancel left going at the service. */
  note: z.string().optional(),
});
export type BeneficiaryImportDone = z.infer<typeof BeneficiaryImportDone>;
