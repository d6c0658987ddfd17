// A bulk import of payees at the service (the sandbox's POST /payments/beneficiaries/import, or
// one PUT each where a deployment lacks it): a batch's new payees, or a selection, in chunks of
// at most the service's 1,000, each job followed to its end with progress events. Each progress
// row is mapped back to its payee by its index in the request: SUCCESS marks the payee created
// at the service (not active yet), which the sync's beneficiary stage then leaves alone; FAILED
// lands the service's errors and warnings on the payee at the fields their `properties` name.
// Every payee keeps its id, fixed when it was drafted or saved, so a payee sent again (after a
// cancel, or by a sync) is updated at the service, never made twice.
import type { ServiceJob as ServiceJobSchema } from '../../../shared/desk/sync';
import type {
  BeneficiaryImportDone,
  BeneficiaryImportRow,
  PayeeFinding,
} from '../../../shared/desk/beneficiary-import';
import type { DeskParsedInput } from '../../../shared/desk/api';
import { contentOf } from '../../../shared/desk/drafts';
import type { DraftIssue } from '../../../shared/domain/draft';
import { DRAFT_STATES, isEditable } from '../../../shared/domain/draft-state';
import {
  BeneficiaryImportItem,
  type BeneficiaryImportJob,
  type BeneficiaryImportProgressItem,
} from '../../../shared/service';
import type { PaymentsClient } from '../client';
import type { ImportablePayee } from '../outbox/beneficiary-import-queries';
import { batchOf, changed, profileOf, type DeskContext } from './desk-context';
import { fieldOf, findingsOf, findingsOfCallError } from './payee-findings';
import { settingsOf } from './settings-methods';
import type { z } from 'zod';

type ServiceJob = z.infer<typeof ServiceJobSchema>;

/** How often a job is asked for its progress. */
const POLL_MS = 250;
/** Rows named in the answer; the rest are on the payees themselves. */
const ROWS_SHOWN = 1000;
/** A payee whose payment is unsent may still change, and so may be sent. */
const UNSENT_STATES = DRAFT_STATES.filter(isEditable);

type Input = DeskParsedInput<'importBeneficiaries'>;

export function importBeneficiaries(
  ctx: DeskContext,
  input: Input,
  signal: AbortSignal,
): Promise<BeneficiaryImportDone> {
  const batch = input.batch === undefined ? undefined : batchOf(ctx, input.batch);
  if (batch) ctx.jobs.refuseWhileBusy(batch.id, batch.name, 'imported at the service');
  return ctx.jobs.run(
    { id: input.job_id, kind: 'beneficiary_import', batchId: batch?.id ?? null, signal },
    async (jobSignal, jobId) => {
      const profile = profileOf(ctx, input.profile ?? batch?.profile);
      const chunkSize = Math.min(input.chunk_size ?? settingsOf(ctx).chunk_size, 1000);
      const source = batch
        ? batchSource(ctx, batch.id, chunkSize)
        : input.beneficiaries
          ? selectionSource(ctx, input.beneficiaries, chunkSize)
          : savedHereSource(ctx, chunkSize);
      const run = new ImportRun(ctx, source.total, (done) =>
        ctx.events.emit({ type: 'job.progress', job_id: jobId, done, total: source.total }),
      );
      run.progress();
      for (
        let chunk = source.next();
        chunk.length > 0 && !jobSignal.aborted;
        chunk = source.next()
      ) {
        await ctx.connections.use(profile, ({ client }) => run.send(client, chunk, jobSignal));
        changed(ctx, batch?.id ?? null);
      }
      ctx.outbox.audit.append('import_beneficiaries', {
        ...(batch ? { batchId: batch.id } : {}),
        details: { ...run.counts(), jobs: run.jobs.map((job) => job.job_id) },
      });
      return run.result(jobSignal.aborted);
    },
  );
}

interface Source {
  total: number;
  /** The next chunk of payees to send; empty when none is left. */
  next(): ImportablePayee[];
}

/** A batch's new payees, a page at a time by its payments' rowid: never read whole. */
function batchSource(ctx: DeskContext, batchId: string, size: number): Source {
  const queries = ctx.outbox.beneficiaryImports;
  let after = 0;
  return {
    total: queries.countInBatch(batchId, UNSENT_STATES),
    next() {
      const page = queries.pageInBatch(batchId, UNSENT_STATES, after, size);
      after = page.at(-1)?.key ?? after;
      return page;
    },
  };
}

/** Every payee saved on its own that the service does not hold yet, by rowid. */
function savedHereSource(ctx: DeskContext, size: number): Source {
  const queries = ctx.outbox.beneficiaryImports;
  let after = 0;
  return {
    total: queries.countSavedHere(),
    next() {
      const page = queries.pageSavedHere(after, size);
      after = page.at(-1)?.key ?? after;
      return page;
    },
  };
}

/** The payees ticked, in the order given, those the service does not hold yet. */
function selectionSource(ctx: DeskContext, ids: readonly string[], size: number): Source {
  const queries = ctx.outbox.beneficiaryImports;
  let at = 0;
  return {
    total: queries.countByIds(ids, UNSENT_STATES),
    next() {
      // Slices of ids until one holds a payee still to send (or the ids run out).
      for (; at < ids.length;) {
        const found = queries.byIds(ids.slice(at, at + size), UNSENT_STATES);
        at += size;
        if (found.length > 0) return found;
      }
      return [];
    },
  };
}

/** One import's sending, following and outcomes, landed on the payees as they come. */
class ImportRun {
  readonly jobs: ServiceJob[] = [];
  private done = 0;
  private submitted = 0;
  private created = 0;
  private failed = 0;
  private notSent = 0;
  /** Payees in a job the service accepted whose outcome was not seen (a cancel). */
  private unseen = 0;
  private readonly withFindings: BeneficiaryImportRow[] = [];
  private readonly clean: BeneficiaryImportRow[] = [];

  constructor(
    private readonly ctx: DeskContext,
    private readonly total: number,
    private readonly report: (done: number) => void,
  ) {}

  progress(): void {
    this.report(this.done);
  }

  async send(client: PaymentsClient, chunk: ImportablePayee[], signal: AbortSignal) {
    const items: BeneficiaryImportItem[] = [];
    const sent: { payee: ImportablePayee; row: number }[] = [];
    for (const payee of chunk) {
      const row = this.done + sent.length + 1;
      const item = BeneficiaryImportItem.safeParse({
        ...JSON.parse(payee.body_json),
        id: payee.id,
      });
      if (item.success) {
        items.push(item.data);
        sent.push({ payee, row });
        continue;
      }
      // The service would refuse the whole request for it: it stays here with why.
      const errors = item.error.issues.map((issue) => ({
        field: fieldOf(issue.path.map(String).join('.')),
        message: `not sent: ${issue.message}`,
      }));
      this.land(payee, 'invalid', errors, [], undefined);
      this.record({ row, payee, result: 'not_sent', errors, warnings: [] });
      this.notSent += 1;
    }
    if (items.length === 0) return this.progress();
    const outcome = await client.importBeneficiaries(items);
    this.submitted += items.length;
    if (outcome.kind === 'per_item') {
      outcome.results.forEach((result, index) => {
        const { payee, row } = sent[index]!;
        if (result.beneficiary) this.succeed(payee, row, [], result.beneficiary.active);
        else this.fail(payee, row, findingsOfCallError(result.error), [], result.error?.message);
      });
      return this.progress();
    }
    await this.follow(client, outcome.job, sent, signal);
  }

  /** Follows a job to its end, landing each row's outcome as it is reported. */
  private async follow(
    client: PaymentsClient,
    first: BeneficiaryImportJob,
    sent: { payee: ImportablePayee; row: number }[],
    signal: AbortSignal,
  ): Promise<void> {
    const seen = new Set<number>();
    const entry: ServiceJob = { ...summary(first) };
    this.jobs.push(entry);
    for (let job = first; ;) {
      for (const item of job.progress) {
        if (seen.has(item.row) || !sent[item.row]) continue;
        seen.add(item.row);
        this.apply(sent[item.row]!, item);
      }
      Object.assign(entry, summary(job));
      this.progress();
      if (job.status === 'DONE' || seen.size >= sent.length || signal.aborted) break;
      await pause(POLL_MS, signal);
      if (signal.aborted) break;
      job = await client.beneficiaryImportJob(first.job_id);
    }
    // Cancelled while the service works (or a job that left rows out): those payees stay as
    // they were here; their outcome is the service's to tell at the next import or sync.
    this.unseen += sent.length - seen.size;
  }

  private apply(
    { payee, row }: { payee: ImportablePayee; row: number },
    item: BeneficiaryImportProgressItem,
  ): void {
    const info = item.error?.error_info;
    const warnings = findingsOf(info?.warnings ?? []);
    if (item.status === 'SUCCESS') return this.succeed(payee, row, warnings, false);
    const errors = findingsOf(info?.errors ?? []);
    if (errors.length === 0) {
      errors.push({
        field: 'beneficiary',
        message: item.error?.message ?? 'refused by the service',
      });
    }
    this.fail(payee, row, errors, warnings, item.error);
  }

  private succeed(payee: ImportablePayee, row: number, warnings: PayeeFinding[], active: boolean) {
    this.land(payee, 'synced', [], warnings, undefined, active);
    this.record({ row, payee, result: 'created', errors: [], warnings });
    this.created += 1;
  }

  private fail(
    payee: ImportablePayee,
    row: number,
    errors: PayeeFinding[],
    warnings: PayeeFinding[],
    error: unknown,
  ) {
    this.land(payee, 'invalid', errors, warnings, error ?? errors);
    this.record({ row, payee, result: 'failed', errors, warnings });
    this.failed += 1;
  }

  /**
   * The outcome on the payee: its state, and the service's findings in place of those it made
   * before (the rules' stay). A drafted payee's findings go on its draft, as a validation's do.
   */
  private land(
    payee: ImportablePayee,
    state: 'synced' | 'invalid',
    errors: PayeeFinding[],
    warnings: PayeeFinding[],
    error: unknown,
    active?: boolean,
  ): void {
    const { outbox } = this.ctx;
    const found: DraftIssue[] = [
      ...errors.map((f) => ({ ...f, severity: 'error' as const, source: 'service' as const })),
      ...warnings.map((f) => ({ ...f, severity: 'warning' as const, source: 'service' as const })),
    ];
    outbox.db.transaction(() => {
      if (payee.draft_id === null) {
        const row = outbox.beneficiaries.get(payee.id);
        const kept = (JSON.parse(row?.issues_json ?? '[]') as DraftIssue[]).filter(
          (issue) => issue.source !== 'service',
        );
        outbox.standaloneBeneficiaries.recordOutcome(payee.id, {
          sent: payee.body_json,
          state,
          issues: [...kept, ...found],
          error,
          active,
        });
        return;
      }
      const sent = { sent: payee.body_json, error, active };
      // Edited while the service answered: the payee stays the draft the edit made it.
      if (!outbox.sync.markBeneficiarySynced(payee.id, state, sent)) return;
      const draft = outbox.drafts.get(payee.draft_id);
      if (!draft) return;
      const kept = draft.issues.filter(
        (issue) => !(issue.source === 'service' && issue.field.startsWith('beneficiary')),
      );
      // A field the draft already has an error on needs no second one saying the same.
      const wrong = new Set(kept.filter((i) => i.severity === 'error').map((i) => i.field));
      const issues = [
        ...kept,
        ...found.filter((i) => i.severity !== 'error' || !wrong.has(i.field)),
      ];
      outbox.drafts.saveIssues(draft.id, contentOf(draft), issues);
    })();
  }

  private record(entry: {
    row: number;
    payee: ImportablePayee;
    result: BeneficiaryImportRow['result'];
    errors: PayeeFinding[];
    warnings: PayeeFinding[];
  }): void {
    this.done += 1;
    const body = JSON.parse(entry.payee.body_json) as { country?: unknown; currency?: unknown };
    const row: BeneficiaryImportRow = {
      row: entry.row,
      id: entry.payee.id,
      name: entry.payee.name,
      country: typeof body.country === 'string' ? body.country : '',
      currency: typeof body.currency === 'string' ? body.currency : '',
      result: entry.result,
      errors: entry.errors,
      warnings: entry.warnings,
    };
    const list = row.errors.length + row.warnings.length > 0 ? this.withFindings : this.clean;
    if (list.length < ROWS_SHOWN) list.push(row);
  }

  counts() {
    return {
      total: this.total,
      submitted: this.submitted,
      created: this.created,
      failed: this.failed,
      not_sent: this.notSent,
    };
  }

  result(cancelled: boolean): BeneficiaryImportDone {
    const rows = [
      ...this.withFindings,
      ...this.clean.slice(0, Math.max(0, ROWS_SHOWN - this.withFindings.length)),
    ].sort((a, b) => a.row - b.row);
    const left = this.total - this.done - this.unseen;
    const notes = [
      this.unseen > 0
        ? `${this.unseen.toLocaleString('en')} payee${this.unseen === 1 ? ' was' : 's were'} in an import the service had already accepted: it goes on there, and the outcome is not shown here. Import them again (or sync their batch) to learn it: each keeps its id, so the service updates them rather than making them twice.`
        : '',
      cancelled && left > 0
        ? `${left.toLocaleString('en')} payee${left === 1 ? ' was' : 's were'} not sent.`
        : '',
    ].filter(Boolean);
    const note = notes.length > 0 ? notes.join(' ') : undefined;
    return {
      ...this.counts(),
      cancelled,
      jobs: this.jobs,
      rows,
      rows_total: this.done,
      ...(note ? { note } : {}),
    };
  }
}

function summary(job: BeneficiaryImportJob): ServiceJob {
  const { job_id, status, total, processed, failed } = job;
  return { job_id, status, total, processed, failed };
}

/** Waits, or less when the signal is aborted. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
