import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Outbox } from '../../../electron/core/outbox';
import type { PaymentBody } from '../../../shared/service';

let dir: string;
let outbox: Outbox;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'payout-desk-outbox-'));
  outbox = Outbox.open(dir);
});
afterEach(async () => {
  outbox.close();
  await rm(dir, { recursive: true, force: true });
});

const payment = (amount: number): PaymentBody => ({
  source: { type: 'group', id: 'g1' },
  target: { type: 'contact', id: 'existing-beneficiary' },
  amount: { type: 'SEND', amount },
  execution: { date: '2030-01-01T00:00:00Z' },
  purpose: 'SALA',
});

const batch = () =>
  outbox.batches.create({
    name: `Batch ${Math.random()}`,
    profile: 'local',
    groupId: 'g1',
    walletId: null,
    walletCurrency: 'GBP',
    sourceFile: null,
  });

describe('drafts', () => {
  it('get a payment id and correlation_id when created, unique and within the spec, and keep them through edits', () => {
    const b = batch();
    const drafts = outbox.drafts.create(
      b.id,
      Array.from({ length: 50 }, (_, i) => ({ sourceRow: i + 2, payment: payment(10 + i) })),
    );
    expect(new Set(drafts.map((d) => d.id)).size).toBe(50);
    expect(new Set(drafts.map((d) => d.correlation_id)).size).toBe(50);
    expect(drafts.every((d) => /^[A-Za-z0-9_-]{1,100}$/.test(d.correlation_id))).toBe(true);
    const [first] = drafts;
    const edited = outbox.drafts.edit(
      first?.id as string,
      {
        payment: { ...payment(99), correlation_id: 'an-attempt-to-change-it' },
        beneficiary: null,
      },
      [],
    );
    expect(edited.ok && edited.draft).toMatchObject({
      id: first?.id,
      correlation_id: first?.correlation_id,
    });
    expect(edited.ok && edited.draft.payment.amount.amount).toBe(99);
  });

  it('give a new beneficiary its id at creation and point the payment at it', () => {
    const b = batch();
    const [draft] = outbox.drafts.create(b.id, [
      {
        payment: payment(5),
        beneficiary: {
          type: 'INDIVIDUAL',
          country: 'GB',
          currency: 'GBP',
          entity: {},
          bank_details: {},
        },
      },
    ]);
    expect(draft?.beneficiary?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(draft?.payment.target.id).toBe(draft?.beneficiary?.id);
  });

  it('cannot be approved with blocking issues, and cannot change once sent', () => {
    const b = batch();
    const [clean, broken] = outbox.drafts.create(b.id, [
      { sourceRow: 2, payment: payment(1) },
      {
        sourceRow: 3,
        payment: payment(2),
        issues: [
          { field: 'amount.amount', cell: 'D3', message: 'amount is missing', severity: 'error' },
        ],
      },
    ]);
    const result = outbox.drafts.approve([clean?.id as string, broken?.id as string]);
    expect(result.approved).toBe(1);
    expect(result.refused).toEqual([
      {
        id: broken?.id,
        reason: expect.stringContaining('row 3 has errors to fix first: amount is missing'),
      },
    ]);

    outbox.drafts.transition(
      { id: clean?.id as string, state: 'approved' },
      { type: 'chunk_recorded' },
    );
    const edit = outbox.drafts.edit(
      clean?.id as string,
      { payment: payment(1000), beneficiary: null },
      [],
    );
    expect(edit).toMatchObject({
      ok: false,
      reason: expect.stringContaining('can no longer change'),
    });
    expect(outbox.drafts.get(clean?.id as string)?.payment.amount.amount).toBe(1);
    expect(outbox.queries.batchFigures(b.id, null).counts).toMatchObject({
      drafts: 2,
      with_errors: 1,
      by_state: { draft: 1, approved: 0, sending: 1, submitted: 0, accepted: 0, failed: 0 },
    });
  });

  it('are created all or none', () => {
    const b = batch();
    expect(() =>
      outbox.drafts.create(b.id, [
        { payment: payment(1) },
        { payment: undefined as unknown as PaymentBody },
      ]),
    ).toThrow();
    expect(outbox.queries.batchFigures(b.id, null).counts.drafts).toBe(0);
  });

  it('100,000 of them are created in one go and read back by page', () => {
    const b = batch();
    outbox.drafts.create(
      b.id,
      Array.from({ length: 100_000 }, (_, i) => ({
        sourceRow: i + 2,
        payment: payment(1 + (i % 500)),
      })),
    );
    expect(outbox.queries.batchFigures(b.id, null).counts.drafts).toBe(100_000);
    const page = outbox.drafts.page(b.id, 99_990, 50);
    expect(page.map((d) => d.row)).toEqual(Array.from({ length: 10 }, (_, i) => 99_992 + i));
  });
});

describe('the audit log', () => {
  it('records who did what and refuses to be rewritten', () => {
    outbox.audit.append('import', { batchId: 'b', details: { rows: 3 } });
    expect(outbox.audit.list('b')).toEqual([
      expect.objectContaining({ action: 'import', details: { rows: 3 } }),
    ]);
    expect(() => outbox.db.prepare("UPDATE audit_log SET action = 'nothing'").run()).toThrow(
      /append-only/,
    );
    expect(() => outbox.db.prepare('DELETE FROM audit_log').run()).toThrow(/append-only/);
  });
});
