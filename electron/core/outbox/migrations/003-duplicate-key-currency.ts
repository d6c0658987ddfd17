// A possible duplicate is the same account, amount, currency and date: 100 GBP and 100 USD to
// one account on one day are two payments. Keys written before held no currency, and would
// never equal a key written now, so a payment imported again would no longer be noticed:
// each stored key gets the currency its amount is in, worked out as the importer does
// (sheets/drafting/row-to-draft.ts, amountCurrency): the payment's own amount.currency, else the
// wallet's for a SEND amount or the new beneficiary's account currency for a LAND one, else
// none (''). A key stays the old one with "|<currency>" after it.
import type { Migration } from './migration';

export const duplicateKeyCurrency: Migration = {
  version: 3,
  name: 'currency in the duplicate key',
  up(db) {
    db.exec(`
      UPDATE payment_drafts AS p SET duplicate_key = p.duplicate_key || '|' || coalesce(
        json_extract(p.body_json, '$.amount.currency'),
        CASE WHEN json_extract(p.body_json, '$.amount.type') = 'LAND'
          THEN (SELECT json_extract(b.body_json, '$.currency') FROM beneficiary_drafts b
                WHERE b.id = p.beneficiary_draft_id)
          ELSE (SELECT wallet_currency FROM batches WHERE id = p.batch_id)
        END,
        '')
      WHERE p.duplicate_key IS NOT NULL;
    `);
  },
};
