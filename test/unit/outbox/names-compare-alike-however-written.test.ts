// Two rows paying one account are said of the batch only when their names are two payees, not
// one payee written two ways (draft-queries.ts, accountsUnderSeveralNames): case, accents,
// punctuation, word order and a company's legal form make no difference.
import { expect, it } from 'vitest';
import { nameForComparison } from '../../../electron/core/outbox/payee-fold';

it('compares one payee written several ways alike', () => {
  const same = (a: string, b: string) => expect(nameForComparison(a)).toBe(nameForComparison(b));
  same('TURING, Alan', 'Alan Turing');
  same('Émile Zola', 'ZOLA Emile');
  same('Acme Trading Ltd', 'ACME TRADING LIMITED');
  same('Acme Trading Ltd.', 'Acme Trading');
  same('Delgado & Sons', 'Delgado and Sons');
  same('Müller GmbH', 'MULLER');
});

it('keeps two payees apart, and a name made only of a legal form whole', () => {
  const apart = (a: string, b: string) =>
    expect(nameForComparison(a)).not.toBe(nameForComparison(b));
  apart('Acme Ltd', 'Apex Ltd');
  apart('Ada Lovelace', 'Grace Hopper');
  apart('Company', 'Limited');
});
