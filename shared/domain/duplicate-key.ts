// A possible duplicate: the same account, amount, currency and date twice may be one payment
// entered twice. Flagged for a look, never dropped: two equal payments can be meant. The key is
// the one the importer writes and outbox migration 003 completed; change all three or none.
import type { DraftContent } from './draft';
import { amountFromNumber } from './money';
import { amountCurrency } from './validate-draft';

export function duplicateKey(draft: DraftContent, walletCurrency?: string): string | undefined {
  const { payment, beneficiary } = draft;
  const bank = beneficiary?.bank_details;
  const number = typeof bank?.account_number === 'string' ? bank.account_number : '';
  const code = typeof bank?.bank_code === 'string' ? bank.bank_code : '';
  const account = beneficiary
    ? number && [beneficiary.country, code, number].join(':')
    : payment.target.id;
  const date = /^\d{4}-\d{2}-\d{2}/.exec(payment.execution.date)?.[0];
  const amount = payment.amount.amount;
  if (!account || !date || amount === undefined) return undefined;
  let milli: bigint;
  try {
    milli = amountFromNumber(amount);
  } catch {
    return undefined;
  }
  return `${account}|${milli}|${date}|${amountCurrency(draft, { walletCurrency }) ?? ''}`;
}

/**
 * The warning on the later draft of a possible duplicate, naming the earlier (`row 2`, or
 * `row 2 of batch "June"`): one sentence, whether the import or an edit found the pair.
 */
export function possibleDuplicateMessage(earlier: string): string {
  return `same account, amount, currency and date as ${earlier}: check that it is not paid twice`;
}
