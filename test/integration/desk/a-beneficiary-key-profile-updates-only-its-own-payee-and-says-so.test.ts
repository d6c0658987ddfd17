// A profile whose key is a beneficiary key (spec "Authentication" 6), on the desk against a
// sandbox that issued it: the connection test says what the key is and the profile's card
// remembers it; live views it may not read say why in words; a sync under it updates its own
// payee, leaves a clear issue on each draft whose payee it may not write, and sends nothing;
// the same batch then syncs under the account's key, each payment once.
import Database from 'better-sqlite3';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Draft } from '../../../shared/desk';
import { DEMO_CREDENTIALS } from '../../../sandbox/sandbox';
import { openTestDesk, type TestDesk } from '../../support/desk';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';

let service: TestSandbox;
let t: TestDesk;
beforeAll(async () => {
  service = await startTestSandbox();
  t = await openTestDesk();
});
afterAll(async () => {
  await t.close();
  await service.close();
});

const KEY_PROFILE = 'Ada’s key';
const at = () => ({
  kind: 'sandbox' as const,
  base_url: service.sandbox.baseUrl,
  auth_url: service.sandbox.authUrl,
  ca_pem: service.sandbox.ca,
  keep_in_memory: true,
});
const storedName = (id: string) => {
  const db = new Database(join(service.dataDir, 'sandbox.sqlite'), { readonly: true });
  try {
    return db.prepare('SELECT name FROM beneficiaries WHERE id = ?').pluck().get(id);
  } finally {
    db.close();
  }
};
const paymentsAtService = async (drafts: Draft[]) => {
  let count = 0;
  for (const draft of drafts) {
    const found = await service.expect<{ items: unknown[] }>(
      200,
      'GET',
      `/_sandbox/payments?id=${draft.id}`,
    );
    count += found.items.length;
  }
  return count;
};

let approved: Draft[] = [];
let ada: Draft;

describe('a profile with a beneficiary key', () => {
  it('is set up with a key the service issued for one payee of a batch', async () => {
    const { api } = t.desk;
    // Three payees are ready (rows 2 to 4); the key is issued for Ada's, which the service
    // already holds under an older name.
    await api.importSheet({ file: 'test/fixtures/payouts-template.csv', batch_name: 'January' });
    expect(await api.approve({ batch: 'January', selection: { filter: {} } })).toMatchObject({
      approved: 3,
    });
    approved = (
      await api.draftWindow({ batch: 'January', filter: { states: ['approved'] } })
    ).rows.sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
    ada = approved[0]!;
    expect(ada.beneficiary?.body.entity).toMatchObject({ individual_first_name: 'Ada' });
    const own = ada.beneficiary!.id;
    await service.expect(200, 'PUT', `/payments/beneficiaries/${own}`, {
      body: {
        type: 'INDIVIDUAL',
        country: 'GB',
        currency: 'GBP',
        entity: { individual_first_name: 'Ada', individual_last_name: 'Byron' },
        bank_details: {
          account_name: 'Ada Byron',
          bank_code: '601613',
          account_number: '31926819',
        },
      },
    });
    expect(storedName(own)).toBe('Ada Byron');
    const key = await service.expect<{ api_key: string; client_secret: string }>(
      201,
      'POST',
      '/_sandbox/beneficiary-keys',
      { body: { beneficiary_id: own } },
    );
    const added = await api.addProfile({
      name: KEY_PROFILE,
      ...at(),
      credentials: { api_key: key.api_key, client_secret: key.client_secret },
    });
    // Nothing is known of the key until the service shows it.
    expect(added.key_kind).toBeNull();
  });

  it('passes its connection test, which says it is a beneficiary key, and the card remembers it', async () => {
    const { api } = t.desk;
    const tested = await api.testConnection({ name: KEY_PROFILE });
    expect(tested).toMatchObject({ key_kind: 'beneficiary', groups: null });
    expect(Date.parse(tested.token_valid_until)).toBeGreaterThan(Date.now());
    const listed = (await api.listProfiles({})).profiles;
    expect(listed.find((p) => p.name === KEY_PROFILE)?.key_kind).toBe('beneficiary');
    expect(listed.find((p) => p.name === 'Local sandbox')?.key_kind).toBe('account');
  });

  it('is told in words why the groups and wallets cannot be read with it', async () => {
    const { api } = t.desk;
    // Asked one after the other: both made at once, the second's refusal could come while the
    // first was awaited, before anything caught it (an unhandled rejection failed a CI run).
    for (const refused of [
      () => api.listGroups({ profile: KEY_PROFILE }),
      () => api.getWallet({ profile: KEY_PROFILE, wallet_id: 'any-wallet' }),
    ]) {
      const error = await refused().catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'beneficiary_key' });
      const message = (error as Error).message;
      expect(message).toContain(`Profile "${KEY_PROFILE}" uses a beneficiary key`);
      expect(message).toContain('may update only its own beneficiary record');
      expect(message).toContain('use a profile whose API key covers the whole account');
      expect(message).not.toMatch(/--|PAYOUT_DESK_/);
    }
  });

  it(
    'syncs: updates its own payee, marks the two it may not write, and sends no payment',
    { timeout: 60_000 },
    async () => {
      const { api } = t.desk;
      const preview = await api.syncPreview({ batch: 'January', profile: KEY_PROFILE });
      expect(preview.notes.join(' ')).toContain('uses a beneficiary key');

      const error = await api
        .sync({ batch: 'January', profile: KEY_PROFILE })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'beneficiary_key', details: { refused: 2 } });
      expect((error as Error).message).toContain('2 new payees were not created');
      expect((error as Error).message).toContain('no payment was sent');

      // Its own record now carries the draft's details.
      expect(storedName(ada.beneficiary!.id)).toBe('Ada Lovelace');
      const after = await Promise.all(approved.map((d) => api.getDraft({ id: d.id })));
      const keyIssues = (draft: Draft) => draft.issues.filter((i) => i.field === 'beneficiary.id');
      expect(keyIssues(after[0]!)).toEqual([]);
      for (const refused of after.slice(1)) {
        expect(refused.state).toBe('approved');
        expect(keyIssues(refused)).toEqual([
          expect.objectContaining({
            severity: 'warning',
            source: 'service',
            message: expect.stringContaining(
              `Profile "${KEY_PROFILE}" uses a beneficiary key, which may update only its own beneficiary record`,
            ),
          }),
        ]);
      }
      // The Beneficiaries screen's list shows the issue with the payee.
      const payees = await api.listBeneficiaries({ batch: 'January' });
      const marked = payees.rows.filter((p) => p.issues.some((i) => i.field === 'beneficiary.id'));
      expect(marked.map((p) => p.id).sort()).toEqual(
        after
          .slice(1)
          .map((d) => d.beneficiary!.id)
          .sort(),
      );
      expect(await paymentsAtService(approved)).toBe(0);
    },
  );

  it(
    'takes back a chunk of payments the service refused the key, and says why',
    { timeout: 60_000 },
    async () => {
      const { api } = t.desk;
      // A payee the service already holds, named by id: no payee to create, only a payment.
      const file = join(t.dataDir, 'held-payee.csv');
      await writeFile(
        file,
        `beneficiary_id,amount,amount_currency,execution_date,description\n${ada.beneficiary!.id},75.00,GBP,2030-01-31,Held payee\n`,
      );
      await api.importSheet({ file, batch_name: 'Held' });
      await api.approve({ batch: 'Held', selection: { filter: {} } });
      const error = await api
        .sync({ batch: 'Held', profile: KEY_PROFILE })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'beneficiary_key' });
      expect((error as Error).message).toContain('so the service refused to submit 1 payment:');
      // Nothing half sent: the draft is approved again, for a profile that may send it.
      const [held] = (await api.draftWindow({ batch: 'Held' })).rows;
      expect(held?.state).toBe('approved');
      expect(await paymentsAtService([held!])).toBe(0);
    },
  );

  it(
    'leaves the batch to sync whole under the account’s key, each payment once',
    { timeout: 60_000 },
    async () => {
      const { api } = t.desk;
      await api.addProfile({
        name: 'Team account',
        ...at(),
        credentials: {
          api_key: DEMO_CREDENTIALS.apiKey,
          client_secret: DEMO_CREDENTIALS.clientSecret,
        },
      });
      const result = await api.sync({ batch: 'January', profile: 'Team account' });
      expect(result.state).toBe('done');
      const after = await Promise.all(approved.map((d) => api.getDraft({ id: d.id })));
      for (const draft of after) {
        expect(draft.state).toBe('accepted');
        expect(draft.issues.filter((i) => i.field === 'beneficiary.id')).toEqual([]);
      }
      expect(await paymentsAtService(approved)).toBe(3);
    },
  );
});
