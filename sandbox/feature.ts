// What each part of the sandbox (payments, beneficiaries, groups, wallets, admin) gets and
// gives. Parts share the database and the clock; they run background work only through
// `pump` and `runDue`, so that the composition root decides when work happens.
import type { SandboxClock } from './clock';
import type { Route } from './http/router';
import type { Db } from './store/database';

export interface SandboxSettings {
  /** Seconds of sandbox time after create/update before a beneficiary becomes active. */
  activationDelaySeconds: number;
  /** Seconds of sandbox time a payment spends in PROCESSING before it is COMPLETED. */
  processingSeconds: number;
  /** Largest number of items in one bulk request (more is a 400). */
  maxBulkItems: number;
  /**
   * Largest page a list gives (groups, statements): a larger take is cut to it, as the paging
   * of the answer says. The spec leaves it open (DESIGN.md decides 500, above which the query
   * is refused); a smaller one plays a deployment that decided otherwise.
   */
  maxTake: number;
  /**
   * Whether `GET /payments/payments/import/{job_id}` answers. The spec has no such call (the
   * sandbox adds it, DESIGN.md); false plays a deployment without it, whose imports are followed
   * by their group's counters alone.
   */
  importJobCall: boolean;
}

export const DEFAULT_SETTINGS: SandboxSettings = {
  activationDelaySeconds: 5,
  processingSeconds: 60,
  maxBulkItems: 1000,
  maxTake: 500,
  importJobCall: true,
};

export interface SandboxDeps {
  db: Db;
  clock: SandboxClock;
  settings: SandboxSettings;
  /** Tells the scheduler that queued work exists (a job was submitted). */
  kick: () => void;
}

export interface SandboxFeature {
  routes: Route[];
  /**
   * Advances queued work (import jobs) by at most `maxItems` items in one transaction.
   * Returns true while work remains. Called repeatedly from the event loop.
   */
  pump?: (maxItems: number) => boolean;
  /** Applies whatever is due at the clock's now (payment lifecycle, activations). */
  runDue?: () => void;
}
