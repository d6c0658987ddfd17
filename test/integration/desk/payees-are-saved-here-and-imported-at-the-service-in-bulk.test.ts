// Payees saved on their own and bulk imports at the service, through the desk, against the
// Local sandbox over HTTPS with a real outbox file: a payee saved offline with its id fixed,
// listed and edited until the service holds it; a selection imported in chunks, each job
// followed with progress events, each row back on its payee (created, or refused with the
// service's errors and warnings at their fields); a batch's payees imported, then synced
// without the sync sending any of them again; and a cancel that stops between chunks and says
// what goes on at the service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskEvent } from '../../../shared/desk';
import { openTestDesk, type TestDesk } from '../../support/desk';

let t: TestDesk;
beforeAll(async () => {
  t = await openTestDesk();
});
afterAll(() => t.close());

const gbPayee = (first: string, last: string, sortCode?: string) => ({
  'beneficiary.type': 'INDIVIDUAL',
  'beneficiary.entity.individual_first_name': first,
  'beneficiary.entity.individual_last_name': last,
  'beneficiary.country': 'gb',
  'beneficiary.currency': 'gbp',
  'beneficiary.bank_details.account_number': '31926819',
  ...(sortCode ? { 'beneficiary.bank_details.bank_code': sortCode } : {}),
});

const progressOf = (events: DeskEvent[], jobId: string) =>
  events.flatMap((e) => (e.type === 'job.progress' && e.job_id === jobId ? [e] : []));

describe('payees saved on their own', () => {
  it('are saved without the service, with their id fixed, and judged by the shared rules', async () => {
    // No sandbox to start: saving a payee needs no service.
    const offline = await openTestDesk({ startSandbox: undefined });
    try {
      const saved = await offline.desk.api.createBeneficiary({
        changes: gbPayee('Mary', 'Seacole', '60-16-13'),
      });
      expect(saved).toMatchObject({
        status: 'draft',
        batch: null,
        draft: null,
        editable: true,
        name: 'Mary Seacole',
        issues: [],
        // Written as an edit writes it: codes upper case, the sort code bare.
        body: { country: 'GB', currency: 'GBP', bank_details: { bank_code: '601613' } },
      });
      expect(saved.id).toMatch(/^[0-9a-f-]{36}$/);
      const found = await offline.desk.api.listBeneficiaries({ search: 'seacole' });
      expect(found).toMatchObject({ total: 1, rows: [{ id: saved.id }] });
      const edited = await offline.desk.api.editBeneficiary({
        id: saved.id,
        changes: { 'beneficiary.bank_details.account_number': '3192' },
      });
      expect(edited.id).toBe(saved.id);
      expect(edited.issues).toEqual([
        expect.objectContaining({
          field: 'beneficiary.bank_details.account_number',
          severity: 'error',
          source: 'rules',
        }),
      ]);
      // Sending needs the service: none can be reached, and nothing changes.
      await expect(
        offline.desk.api.importBeneficiaries({ beneficiaries: [saved.id] }),
      ).rejects.toMatchObject({ code: expect.any(String) });
      expect((await offline.desk.api.getBeneficiary({ id: saved.id })).status).toBe('draft');
    } finally {
      await offline.close();
    }
  });
});

describe('a bulk import at the service', () => {
  it('imports a selection in chunks, each row back on its payee with the service’s findings at their fields', async () => {
    const { api } = t.desk;
    const mary = await api.createBeneficiary({ changes: gbPayee('Mary', 'Seacole', '601613') });
    // No sort code, and a name longer than the 18 characters a UK payment carries.
    const wilhelmina = await api.createBeneficiary({
      changes: gbPayee('Wilhelmina', 'Fotheringham'),
    });
    const zola = await api.createBeneficiary({
      changes: {
        'beneficiary.type': 'INDIVIDUAL',
        'beneficiary.entity.individual_first_name': 'Émile',
        'beneficiary.entity.individual_last_name': 'Zola',
        'beneficiary.country': 'FR',
        'beneficiary.currency': 'EUR',
        'beneficiary.bank_details.account_number': 'FR14 2004 1010 0505 0001 3M02 606',
      },
    });
    const done = await api.importBeneficiaries({
      beneficiaries: [mary.id, wilhelmina.id, zola.id],
      chunk_size: 2,
      job_id: 'payees-1',
    });
    expect(done).toMatchObject({
      total: 3,
      submitted: 3,
      created: 2,
      failed: 1,
      not_sent: 0,
      cancelled: false,
      rows_total: 3,
    });
    // Two chunks, two jobs, each followed to its end.
    expect(done.jobs).toEqual([
      expect.objectContaining({ status: 'DONE', total: 2, processed: 2, failed: 1 }),
      expect.objectContaining({ status: 'DONE', total: 1, processed: 1, failed: 0 }),
    ]);
    expect(done.rows).toEqual([
      {
        row: 1,
        id: mary.id,
        name: 'Mary Seacole',
        country: 'GB',
        currency: 'GBP',
        result: 'created',
        errors: [],
        warnings: [],
      },
      {
        row: 2,
        id: wilhelmina.id,
        name: 'Wilhelmina Fotheringham',
        country: 'GB',
        currency: 'GBP',
        result: 'failed',
        errors: [
          { field: 'beneficiary.bank_details', message: 'bank code (the sort code) is required' },
        ],
        warnings: [
          {
            field: 'beneficiary.entity.individual_first_name',
            message: expect.stringContaining('18 characters'),
          },
          {
            field: 'beneficiary.entity.individual_last_name',
            message: expect.stringContaining('18 characters'),
          },
        ],
      },
      {
        row: 3,
        id: zola.id,
        name: 'Émile Zola',
        country: 'FR',
        currency: 'EUR',
        result: 'created',
        errors: [],
        warnings: [],
      },
    ]);
    const progress = progressOf(t.events, 'payees-1');
    expect(progress[0]).toMatchObject({ done: 0, total: 3 });
    expect(progress.at(-1)).toMatchObject({ done: 3, total: 3 });

    // On the payees: created and not yet active; refused with its findings at their fields.
    const created = await api.getBeneficiary({ id: mary.id });
    expect(created).toMatchObject({ status: 'synced', active: false, editable: false });
    const refused = await api.getBeneficiary({ id: wilhelmina.id });
    expect(refused).toMatchObject({ status: 'invalid', editable: true });
    expect(refused.issues).toEqual([
      expect.objectContaining({
        field: 'beneficiary.bank_details',
        severity: 'error',
        source: 'service',
      }),
      expect.objectContaining({
        field: 'beneficiary.entity.individual_first_name',
        severity: 'warning',
        source: 'service',
      }),
      expect.objectContaining({
        field: 'beneficiary.entity.individual_last_name',
        severity: 'warning',
        source: 'service',
      }),
    ]);
    expect((await api.listBeneficiaries({ status: 'invalid' })).rows.map((b) => b.id)).toEqual([
      wilhelmina.id,
    ]);
    // The service holds Mary now: her details change there, not here.
    await expect(
      api.editBeneficiary({
        id: mary.id,
        changes: { 'beneficiary.bank_details.account_name': 'M Seacole' },
      }),
    ).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('at the service'),
    });

    // Fixed, she goes again: the service's findings leave with the edit, and only she is sent.
    const fixed = await api.editBeneficiary({
      id: wilhelmina.id,
      changes: {
        'beneficiary.bank_details.bank_code': '601613',
        'beneficiary.bank_details.account_name': 'W Fotheringham',
      },
    });
    expect(fixed).toMatchObject({ status: 'draft', issues: [] });
    const again = await api.importBeneficiaries({
      beneficiaries: [mary.id, wilhelmina.id, zola.id],
    });
    expect(again).toMatchObject({ total: 1, created: 1, failed: 0 });
    expect((await api.getBeneficiary({ id: wilhelmina.id })).status).toBe('synced');
  });

  it('imports a batch’s payees, and the sync then sends their payments without sending them again', async () => {
    const { api } = t.desk;
    await api.importSheet({
      file: 'test/fixtures/payouts-remote-issue.csv',
      batch_name: 'Imported',
    });
    // The batch's payees only: none of those saved on their own.
    expect((await api.listBeneficiaries({ batch: 'Imported' })).total).toBe(2);
    const done = await api.importBeneficiaries({ batch: 'Imported' });
    expect(done).toMatchObject({ total: 2, created: 1, failed: 1 });
    const [grace, alan] = [done.rows[0]!, done.rows[1]!];
    expect([grace.name, grace.result, alan.name, alan.result]).toEqual([
      'Grace Hopper',
      'failed',
      'Alan Turing',
      'created',
    ]);
    // Grace's finding is on her draft, at the field, and holds it back from approval.
    const { rows } = await api.draftWindow({ batch: 'Imported', sort: { by: 'row' } });
    expect(rows[0]!.issues).toEqual([
      expect.objectContaining({
        field: 'beneficiary.bank_details',
        source: 'service',
        severity: 'error',
      }),
    ]);
    expect(await api.approve({ batch: 'Imported', selection: { filter: {} } })).toMatchObject({
      approved: 1,
      refused_for: { errors: 1 },
    });
    // Alan, created by the import, can still change while his payment is unsent.
    expect((await api.getBeneficiary({ id: alan.id })).editable).toBe(true);
    await api.editBeneficiary({
      id: grace.id,
      changes: { 'beneficiary.bank_details.bank_code': '601613' },
    });
    await api.approve({ batch: 'Imported', selection: { filter: {} } });

    const before = t.events.length;
    const outcome = await api.sync({ batch: 'Imported' });
    expect(outcome.state).toBe('done');
    expect(outcome.counts.by_state.accepted).toBe(2);
    // The sync's beneficiary stage created Grace alone: Alan was there already.
    const stage = t.events
      .slice(before)
      .flatMap((e) =>
        e.type === 'sync.stage' && e.stage === 'beneficiaries' && e.total ? [e] : [],
      );
    expect(stage.at(-1)).toMatchObject({ done: 1, total: 1 });
    for (const id of [grace.id, alan.id]) {
      expect(await api.getBeneficiary({ id })).toMatchObject({ status: 'synced', editable: false });
    }
    // Nothing of the batch is left to import.
    expect(await api.importBeneficiaries({ batch: 'Imported' })).toMatchObject({
      total: 0,
      submitted: 0,
    });
  });

  it('stops between chunks when cancelled, and says what goes on at the service', async () => {
    const { api } = t.desk;
    const ids: string[] = [];
    for (const name of ['Ann', 'Bea', 'Cid', 'Dot', 'Eve', 'Fay']) {
      ids.push((await api.createBeneficiary({ changes: gbPayee(name, 'Lee', '601613') })).id);
    }
    const stop = t.desk.on((event) => {
      if (event.type === 'job.progress' && event.job_id === 'payees-cancel' && event.done >= 1) {
        void api.cancelJob({ job_id: 'payees-cancel' });
      }
    });
    const done = await api
      .importBeneficiaries({ beneficiaries: ids, chunk_size: 1, job_id: 'payees-cancel' })
      .finally(stop);
    expect(done.cancelled).toBe(true);
    expect(done.submitted).toBeLessThan(6);
    expect(done.note).toMatch(/not sent/);
    const left = (await api.listBeneficiaries({ search: 'lee', status: 'draft' })).total;
    expect(left).toBe(6 - done.created);
    // Those saved here, in no batch: the nine of this file.
    expect((await api.listBeneficiaries({ saved_here: true })).total).toBe(9);
    // Sent again, the rest go; those created stay as they are.
    const rest = await api.importBeneficiaries({ saved_here: true });
    expect(rest).toMatchObject({ total: left, created: left, cancelled: false });
    expect((await api.listBeneficiaries({ search: 'lee', status: 'synced' })).total).toBe(6);
  });
});
