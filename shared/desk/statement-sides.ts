// A statement item carries both ends of its transfer (the spec's `debit`, what left the source,
// and `credit`, what reached the target), whichever way it went. Read from the wallet's side, a
// DEBIT is money out of it and a CREDIT money into it; the other end is the counterpart's. A
// column of every item's `debit` would add a top-up to the payouts: screens and exports show
// the wallet's side as Out or In, one of them per line, and the counterpart's beside.

export interface StatementSides<M> {
  /** What left the wallet: a DEBIT's debit; null for a CREDIT. */
  out: M | null;
  /** What came into the wallet: a CREDIT's credit; null for a DEBIT. */
  in: M | null;
  /** The other end: what the payee received, or what the sender paid. */
  counterpart: M;
}

export function sidesOf<M>(item: {
  action: 'CREDIT' | 'DEBIT';
  debit: M;
  credit: M;
}): StatementSides<M> {
  return item.action === 'DEBIT'
    ? { out: item.debit, in: null, counterpart: item.credit }
    : { out: null, in: item.credit, counterpart: item.debit };
}
