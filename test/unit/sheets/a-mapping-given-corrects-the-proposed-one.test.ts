// A mapping the person gives (`--mapping FILE`) is a correction: the columns it names take the
// fields it gives them, null keeps a column out, and every other column keeps what the headers
// propose. A header it names must be one column of the sheet: a repeated header is named by its
// column, as the CLI prints it ("Amount (C)"), never bound to one of the repeats unseen.
import { describe, expect, it } from 'vitest';
import {
  mappingFromEntries,
  mappingToJson,
  proposeMapping,
} from '../../../electron/core/sheets/understanding/column-mapping';
import { parseMapping } from '../../../electron/core/sheets/understanding/mapping-file';

const headers = [
  'Employee ID',
  'Employee Name',
  'Sort Code',
  'Account Number',
  'Net Pay',
  'Pay Date',
  'Notes',
];
/** A mapping given as JSON, checked in shape and then against the headers, as an import does. */
const given = (json: unknown, of: readonly string[] = headers) =>
  mappingToJson(mappingFromEntries(parseMapping(json), of, 'proposed'));

describe('a mapping given for one import', () => {
  it('changes only the columns it names; the others keep their proposed fields', () => {
    const proposed = mappingToJson(proposeMapping(headers));
    expect(proposed['Employee ID']).toBeUndefined();
    expect(given({ 'Employee ID': 'tag:employee' })).toEqual({
      ...proposed,
      'Employee ID': 'tag:employee',
    });
  });

  it('takes a field from the column it was proposed for when it gives it to another', () => {
    const proposed = mappingToJson(proposeMapping(headers));
    expect(proposed['Pay Date']).toBe('execution_date');
    const { 'Pay Date': _moved, ...others } = proposed;
    expect(given({ Notes: 'execution_date' })).toEqual({ ...others, Notes: 'execution_date' });
  });

  it('keeps a column out when it maps it to null', () => {
    const { 'Sort Code': _left, ...others } = mappingToJson(proposeMapping(headers));
    expect(given({ 'Sort Code': null })).toEqual(others);
  });

  it('refuses a column named twice under two spellings', () => {
    expect(() => given({ 'Net Pay': 'amount', 'net  pay': 'tag:net' })).toThrow(
      /names column E twice, as "Net Pay" and as "net {2}pay"/,
    );
  });
});

describe('a header that heads more than one column', () => {
  const repeated = ['Name', 'IBAN', 'Amount', 'Amount', 'Date', 'Notes', 'Notes'];

  it('is refused when a mapping names it by its text, saying which columns it could be', () => {
    expect(() => given({ Amount: 'amount' }, repeated)).toThrow(
      /"Amount" in the mapping could be column C or D .*"Amount \(C\)" or "Amount \(D\)"/,
    );
    // A spelling that differs only in case or spacing is the same header.
    expect(() => given({ ' notes ': 'description' }, repeated)).toThrow(/column F or G/);
  });

  it('is named by its column as the CLI prints it, and then that column is taken', () => {
    const mapping = mappingFromEntries(
      parseMapping({ 'Amount (D)': 'amount', 'Notes (G)': 'description', 'Notes (F)': null }),
      repeated,
      'proposed',
    );
    const byField = Object.fromEntries(mapping.columns.map((c) => [c.field, c.index]));
    expect(byField['amount']).toBe(3);
    expect(byField['description']).toBe(6);
    expect(mapping.columns.map((c) => c.index)).not.toContain(5);
  });

  it('is still a plain header where the sheet has it once', () => {
    expect(given({ Amount: 'amount' }, ['Name', 'IBAN', 'Amount (USD)', 'Amount'])).toMatchObject({
      Amount: 'amount',
    });
  });
});

describe('a mapping saved from an earlier import', () => {
  it('is the whole mapping used then: columns it leaves out stay out', () => {
    const saved = mappingFromEntries(parseMapping({ 'Net Pay': 'amount' }), headers);
    expect(mappingToJson(saved)).toEqual({ 'Net Pay': 'amount' });
  });
});

describe('a sort code and a routing number column side by side (Wise: sortCode, abartn)', () => {
  const wise = ['name', 'amount', 'sortCode', 'accountNumber', 'abartn'];

  it('are both proposed as the bank code, each row reading the one it fills', () => {
    expect(mappingToJson(proposeMapping(wise))).toMatchObject({
      sortCode: 'bank_code',
      abartn: 'bank_code',
    });
    // A generic "Bank code" names no scheme: which one a row's code follows is not known.
    const generic = ['Name', 'Amount', 'Bank code', 'Sort code'];
    expect(
      Object.values(mappingToJson(proposeMapping(generic))).filter((f) => f === 'bank_code'),
    ).toHaveLength(1);
  });

  it('may be given as the printed mapping gives them; one of them named keeps the other', () => {
    expect(given({ sortCode: 'bank_code', abartn: 'bank_code' }, wise)).toMatchObject({
      sortCode: 'bank_code',
      abartn: 'bank_code',
    });
    expect(given({ sortCode: 'bank_code' }, wise)).toMatchObject({ abartn: 'bank_code' });
    expect(given({ abartn: null }, wise)).toEqual({
      name: 'name',
      amount: 'amount',
      sortCode: 'bank_code',
      accountNumber: 'account_number',
    });
  });

  it('are refused as one field twice when their headers name one scheme, or none', () => {
    const codes = ['Name', 'Amount', 'Sort code', 'Sort code 2', 'Bank code'];
    expect(() => given({ 'Sort code': 'bank_code', 'Sort code 2': 'bank_code' }, codes)).toThrow(
      /\(bank_code\) more than one column/,
    );
    expect(() => given({ 'Sort code': 'bank_code', 'Bank code': 'bank_code' }, codes)).toThrow(
      /\(bank_code\) more than one column/,
    );
  });
});
