// The desk's settings: what a sync and an import take when the call does not say (chunk size,
// a blank execution date, a blank purpose, whether payments go approved or for approval), kept
// in the outbox and checked here on the way in and out; and the data folder, shown.
import { z } from 'zod';
import { isPurposeCode } from '../domain/purpose-codes';
import { ServiceApproval } from './batches';

/**
 * A row without an execution date: left for the person to fill in (the rules flag it), today,
 * or the next weekday (Monday to Friday; no bank holiday calendar is known to the desk).
 */
export const ExecutionDateRule = z.enum(['from_sheet', 'today', 'next_weekday']);
export type ExecutionDateRule = z.infer<typeof ExecutionDateRule>;

export const PurposeCode = z
  .string()
  .refine(isPurposeCode, 'not an ISO 20022 purpose code (four capital letters, such as SALA)');

export const DeskSettings = z.object({
  /** Payments per bulk import request. */
  chunk_size: z.int().min(1).max(1000),
  execution_date_rule: ExecutionDateRule,
  /** null: guessed from the payees (SALA for people, SUPP for suppliers). */
  default_purpose: PurposeCode.nullable(),
  /** How a new batch's payments go to the service. */
  service_approval: ServiceApproval,
  /**
   * Maker-checker: payments approved here may be approved at the service from this app only by
   * someone else than whoever approved them here (as the audit log names them).
   */
  second_approver: z.boolean(),
});
export type DeskSettings = z.infer<typeof DeskSettings>;

export const DEFAULT_SETTINGS: DeskSettings = {
  chunk_size: 500,
  execution_date_rule: 'from_sheet',
  default_purpose: null,
  service_approval: 'for_approval',
  second_approver: false,
};

export const SettingsView = DeskSettings.extend({
  /** Where the outbox and the Local sandbox's data are (not the credentials: the keychain). */
  data_dir: z.string(),
});

/** Only what changes; the rest stays. */
export const SaveSettingsInput = DeskSettings.partial();
