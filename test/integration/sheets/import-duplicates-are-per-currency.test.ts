// A possible duplicate is the same account, amount, currency and date: 100 GBP and 100 USD to
// one account on one day are two payments, not one entered twice. Drafts imported before the
// currency was part of the key (outbox version 2) must still be found when the same payment
// comes in again, so the upgrade gives their keys the currency the importer would.
import Database from 'better-sqlite3';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, Outbox } from '../../../electron/core/outbox';
import { MIGRATIONS } from '../../../electron/core/outbox/migrations';
import { importSheet } from '../../../electron/core/sheets/drafting/sheet-import';
import { draftOf, OutboxFolder } from '../../support/sheet-import';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'payout-desk-duplicate-currency-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const EUR_GROUP = { id: 'group-eur', walletId: 'wallet-eur', walletCurrency: 'EUR' };
const MAPPING = {
  Payee: 'name',
  IBAN: 'iban',
  'Beneficiary id': 'beneficiary_id',
  Amount: 'amount',
  'Amount currency': 'amount_currency',
  'Amount type': 'amount_type',
  Date: 'execution_date',
};
const HEADER = 'Payee,IBAN,Beneficiary id,Amount,Amount currency,Amount type,Date';
const IBAN = 'DE89370400440532013000';
/** One account, one amount, one day; the currency (named, the wallet's, the account's) varies. */
const LINES = [
  HEADER,
  `Ann,${IBAN},,100,GBP,,2030-01-31`,
  `Ann,${IBAN},,100,USD,,2030-01-31`,
  `Ann,${IBAN},,100,,,2030-01-31`, // SEND from the EUR wallet: EUR
  `Ann,${IBAN},,100,,LAND,2030-01-31`, // LAND on a German account: EUR too
  `Ann,,ben-42,100,,LAND,2030-01-31`, // an existing beneficiary: no currency known here
];

const csv = async (name: string, lines: string[]) => {
  const file = join(dir, name);
  await writeFile(file, `${lines.join('\r\n')}\r\n`);
  return file;
};

const duplicatesOf = (issues: { field: string }[]) =>
  issues.filter((issue) => issue.field === 'duplicate');

describe('the same account, amount and date in other currencies', () => {
  it('are not duplicates of each other; the same currency twice is', async () => {
    const folder = await OutboxFolder.create();
    try {
      const imported = await folder.import(await csv('currencies.csv', LINES), {
        group: EUR_GROUP,
        mapping: MAPPING,
      });
      expect(imported.summary.drafts).toBe(5);
      for (const row of [2, 3, 4, 6])
        expect(duplicatesOf(draftOf(imported, row).issues)).toEqual([]);
      expect(duplicatesOf(draftOf(imported, 5).issues)).toEqual([
        expect.objectContaining({ message: expect.stringContaining('row 4'), severity: 'warning' }),
      ]);
    } finally {
      await folder.remove();
    }
  });
});

describe('drafts imported before the key had a currency', () => {
  it('get the currency the importer gives, and are found when the payment comes in again', async () => {
    const home = await mkdtemp(join(dir, 'outbox-'));
    const outbox = Outbox.open(home);
    const first = await importSheet(outbox, {
      file: await csv('january.csv', LINES),
      batchName: 'January',
      profile: 'local',
      group: EUR_GROUP,
      mapping: MAPPING,
      today: '2029-12-01',
    });
    const keys = () =>
      outbox.db
        .prepare('SELECT source_row, duplicate_key FROM payment_drafts ORDER BY source_row')
        .all() as { source_row: number; duplicate_key: string }[];
    const written = keys();
    outbox.close();

    // The outbox as version 2 left it: the same keys without their currency.
    const old = new Database(join(home, 'outbox.sqlite'));
    const strip = old.prepare('UPDATE payment_drafts SET duplicate_key = ? WHERE source_row = ?');
    for (const { source_row, duplicate_key } of written) {
      strip.run(duplicate_key.slice(0, duplicate_key.lastIndexOf('|')), source_row);
    }
    // Upgraded by migration 3, the one that gives keys their currency; the later migrations'
    // changes are in this file already (this app wrote it), so they are not run again.
    old.pragma('user_version = 2');
    migrate(old, MIGRATIONS.slice(0, 3));
    expect(old.pragma('user_version', { simple: true })).toBe(3);
    old.pragma(`user_version = ${MIGRATIONS.length}`);
    old.close();

    const upgraded = Outbox.open(home);
    try {
      const again = upgraded.db
        .prepare('SELECT source_row, duplicate_key FROM payment_drafts ORDER BY source_row')
        .all();
      expect(again).toEqual(written);

      const second = await importSheet(upgraded, {
        file: await csv('january-again.csv', [HEADER, `Ann,${IBAN},,100,USD,,2030-01-31`]),
        batchName: 'January, sent twice',
        profile: 'local',
        group: EUR_GROUP,
        mapping: MAPPING,
        today: '2029-12-01',
      });
      expect(second.issues.filter((issue) => issue.field === 'duplicate')).toEqual([
        expect.objectContaining({
          field: 'duplicate',
          message: expect.stringContaining(`row 3 of batch "${first.batch}"`),
        }),
      ]);
    } finally {
      upgraded.close();
    }
  });
});
