// New beneficiaries before their payments: the service validates them by the schema of their
// country and currency, and those it finds wrong wait on their drafts as `service` issues at
// the fields it names; the rest are created (PUT by their fixed id, so a repeat is an update).
// A page of drafts at a time, reporting progress: a batch of 100,000 new payees is never read
// whole, and the person sees it move. A profile with a beneficiary key may update only its own
// record: each payee the service refuses it gets an issue saying so on its draft, which stays
// approved (nothing is wrong with it) and is created by the next sync under a key that may.
import type { z } from 'zod';
import { BeneficiaryValidationItem, type ValidationIssue } from '../../../shared/service';
import { contentOf, type Draft } from '../../../shared/desk/drafts';
import type { DraftIssue } from '../../../shared/domain/draft';
import type { DraftState } from '../../../shared/domain/draft-state';
import { inPlainWords } from '../../../shared/domain/service-words';
import { beneficiaryKeyIssue } from '../client/beneficiary-key';
import type { PaymentsClient } from '../client/payments-client';
import { ServiceCallError } from '../client/service-error';
import type { Outbox } from '../outbox';

/** Beneficiaries per validation request (the sandbox's bulk maximum is 1,000). */
const VALIDATION_BATCH = 1000;

/** Where the issue of a payee the profile's key may not write sits (the payee as a whole). */
export const KEY_REFUSAL_FIELD = 'beneficiary.id';

const isKeyRefusal = (issue: DraftIssue) =>
  issue.source === 'service' && issue.field === KEY_REFUSAL_FIELD;

export interface StageOutcome {
  checked: number;
  invalid: number;
  /** Payees the profile's beneficiary key was refused, and the first refusal (why). */
  refused: number;
  refusal?: ServiceCallError;
}

export interface StageProgress {
  (done: number, total: number): void;
}

export class BeneficiaryStage {
  constructor(
    private readonly outbox: Outbox,
    private readonly client: PaymentsClient,
  ) {}

  /**
   * The service checks the new beneficiaries of drafts in `states`; with `save`, those it
   * accepts are created. Returns how many were checked and found wrong.
   */
  async run(
    batchId: string,
    options: {
      states: readonly DraftState[];
      /** Only these beneficiaries (ids); every one of the batch when absent. */
      only?: readonly string[] | undefined;
      save: boolean;
      progress: StageProgress;
      /** Checked before each request: a cancelled run stops at the next one. */
      stopped: () => boolean;
    },
  ): Promise<StageOutcome> {
    const drafts = this.outbox.drafts;
    const total = drafts.countPendingBeneficiaries(batchId, options.states, options.only);
    const outcome: StageOutcome = { checked: 0, invalid: 0, refused: 0 };
    if (total === 0) return outcome;
    options.progress(0, total);
    for (let after = 0; !options.stopped();) {
      const page = drafts.pendingBeneficiaries(
        batchId,
        options.states,
        after,
        VALIDATION_BATCH,
        options.only,
      );
      if (page.drafts.length === 0) break;
      after = page.last;
      const findings = await this.findings(page.drafts);
      let reported = Date.now();
      for (const draft of page.drafts) {
        // Each payee is a request of its own: a cancel waits for one, not for a page of them.
        if (options.stopped()) break;
        const issues = findings.get(draft.id);
        if (issues) {
          this.landFindings(draft, issues);
          outcome.invalid += 1;
        } else if (options.save && draft.beneficiary) {
          const refusal = await this.save(draft);
          if (refusal) {
            outcome.refused += 1;
            outcome.refusal ??= refusal;
          }
        }
        outcome.checked += 1;
        // Seen moving at least four times a second, however slow the service's answers.
        if (options.save && (outcome.checked % 100 === 0 || Date.now() - reported >= 250)) {
          options.progress(outcome.checked, total);
          reported = Date.now();
        }
      }
      options.progress(outcome.checked, total);
    }
    return outcome;
  }

  /** Creates or updates the draft's payee; the refusal when the key may not write it. */
  private async save(draft: Draft): Promise<ServiceCallError | undefined> {
    const id = draft.beneficiary!.id;
    try {
      const body = putBody(draft);
      const saved = await this.client.putBeneficiary(id, body);
      this.outbox.db.transaction(() => {
        const sent = JSON.stringify(body);
        if (!this.outbox.sync.markBeneficiarySynced(id, 'synced', { sent, active: saved.active })) {
          return;
        }
        // A refusal under an earlier profile's key no longer holds.
        const now = this.outbox.drafts.get(draft.id);
        if (now?.issues.some(isKeyRefusal)) {
          this.outbox.drafts.saveIssues(
            now.id,
            contentOf(now),
            now.issues.filter((issue) => !isKeyRefusal(issue)),
          );
        }
      })();
      return undefined;
    } catch (error) {
      if (!(error instanceof ServiceCallError && error.beneficiaryKeyRefusal)) throw error;
      // A warning: the draft is right and stays approved; only this profile may not send it.
      this.outbox.db.transaction(() => {
        // The draft as it is now: one edited while the service answered keeps its edit.
        const now = this.outbox.drafts.get(draft.id);
        if (!now) return;
        this.outbox.drafts.saveIssues(now.id, contentOf(now), [
          ...now.issues.filter((issue) => !isKeyRefusal(issue)),
          {
            field: KEY_REFUSAL_FIELD,
            message: beneficiaryKeyIssue(error),
            severity: 'warning',
            source: 'service',
          },
        ]);
      })();
      return error;
    }
  }

  /**
   * The service's validation of the drafts' new beneficiaries, by draft id. A payee the request
   * itself cannot carry (no bank country or currency, which pick the service's schema) is not
   * sent: one such payee made the service refuse the whole request (400), and nothing was
   * checked. Its findings are the request's own, at the payee's fields.
   */
  private async findings(drafts: Draft[]): Promise<Map<string | undefined, ValidationIssue[]>> {
    const found = new Map<string | undefined, ValidationIssue[]>();
    const sendable: BeneficiaryValidationItem[] = [];
    for (const draft of drafts) {
      const { type, bank_details, entity, country, currency } = putBody(draft);
      const item = {
        id: draft.id,
        entity_type: type,
        entity,
        bank_details: { ...bank_details, account_country: country, account_currency: currency },
      };
      const fits = BeneficiaryValidationItem.safeParse(item);
      if (fits.success) sendable.push(item);
      else found.set(draft.id, fits.error.issues.map(unsendable));
    }
    if (sendable.length > 0) {
      const result = await this.client.validateBeneficiaries(sendable);
      for (const item of result.invalid) found.set(item.id, item.issues);
    }
    return found;
  }

  /**
   * The service's findings land on the draft's fields; the draft waits to be fixed. They are
   * about the payee as it was sent: one edited while the service answered is left as the edit
   * made it (a draft, to be judged anew), and so is the rest of the draft.
   */
  private landFindings(draft: Draft, found: ValidationIssue[]): void {
    this.outbox.db.transaction(() => {
      const sent = JSON.stringify(putBody(draft));
      const payee = draft.beneficiary!.id;
      if (!this.outbox.sync.markBeneficiarySynced(payee, 'invalid', { sent, error: found })) return;
      const now = this.outbox.drafts.get(draft.id);
      if (!now) return;
      const kept = now.issues.filter((issue) => issue.source !== 'service');
      // A field the draft already has an error on needs no second one saying the same.
      const wrong = new Set(kept.filter((i) => i.severity === 'error').map((i) => i.field));
      const issues: DraftIssue[] = [
        ...kept,
        ...found
          .map((issue) => ({
            field: `beneficiary.${issue.field.replace(/^\$\.?/, '')}`,
            message: inPlainWords(issue.message),
            severity: 'error' as const,
            source: 'service' as const,
          }))
          .filter((issue) => !wrong.has(issue.field)),
      ];
      // An error takes an approved draft back to draft (saveIssues), as an edit would.
      this.outbox.drafts.saveIssues(now.id, contentOf(now), issues);
    })();
  }
}

/** The beneficiary as the service takes it: drafts without errors have one that fits. */
function putBody(draft: Draft) {
  return draft.beneficiary!.body as Parameters<PaymentsClient['putBeneficiary']>[1];
}

/** The request's own fields by the payee's: a country or currency is the payee's, not its bank's. */
const PAYEE_FIELD: Readonly<Record<string, string>> = {
  'bank_details.account_country': 'country',
  'bank_details.account_currency': 'currency',
  entity_type: 'type',
};

/** Why a payee could not go in the request, as a finding at its field. */
function unsendable(issue: z.core.$ZodIssue): ValidationIssue {
  const path = issue.path.join('.');
  return { field: `$.${PAYEE_FIELD[path] ?? path}`, message: issue.message };
}
