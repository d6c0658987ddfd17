// How sure the proposed mapping is of a column is how its header matched, as the matcher tells
// it: one of the field's names is exact; a word only one field uses, all the words of a name, or
// a field the other columns decided, likely; letter pairs (a typo), weak. A column the person
// named is "given", and every column of a mapping saved from an earlier import "saved".
import { describe, expect, it } from 'vitest';
import type { SheetRow } from '../../../electron/core/sheets/reading/sheet-types';
import {
  mappingToJson,
  sourceKey,
} from '../../../electron/core/sheets/understanding/column-mapping';
import { findHeaderRow } from '../../../electron/core/sheets/understanding/header-detection';
import { matchHeader } from '../../../electron/core/sheets/understanding/header-matching';
import { mappingConfidence } from '../../../electron/core/sheets/understanding/mapping-confidence';

const HEADERS = [
  'Name',
  'Beneficiary BIC',
  'Employee Net Pay',
  'Acount Numbr',
  'Pay Date',
  'Currency',
  'Account currency',
];
const rows: SheetRow[] = [
  { number: 1, cells: HEADERS.map((text) => ({ kind: 'text', text })) },
  {
    number: 2,
    cells: ['Ann', 'NWBKGB2L', '10', '31926819', '2030-01-31', 'GBP', 'GBP'].map((text) => ({
      kind: 'text',
      text,
    })),
  },
];

describe('the matcher', () => {
  it('says how each header found its field', () => {
    expect(HEADERS.map((header) => matchHeader(header)?.by)).toEqual([
      'name',
      'distinctive word',
      'all words',
      'letter pairs',
      'name',
      'name',
      'name',
    ]);
  });
});

describe('the confidence of a proposed column', () => {
  it('follows how its header matched, and whether the other columns decided its field', () => {
    const header = findHeaderRow(rows);
    if (!header) throw new Error('no header found');
    const confidence = mappingConfidence(header, undefined);
    const byHeader = Object.fromEntries(
      header.mapping.columns.map((c) => [HEADERS[c.index], [c.field, confidence.get(c.index)]]),
    );
    expect(byHeader).toEqual({
      Name: ['name', 'exact'],
      'Beneficiary BIC': ['bic', 'likely'],
      'Employee Net Pay': ['amount', 'likely'],
      'Acount Numbr': ['account_number', 'weak'],
      'Pay Date': ['execution_date', 'exact'],
      // A bare "Currency" is the amount's here because another column is the account's.
      Currency: ['amount_currency', 'likely'],
      'Account currency': ['account_currency', 'exact'],
    });
  });

  it('is "given" for the columns a mapping names, and as proposed for the rest', () => {
    const given = { entries: { 'Acount Numbr': 'iban', Name: null } };
    const header = findHeaderRow(rows, given);
    if (!header) throw new Error('no header found');
    const confidence = mappingConfidence(header, given);
    expect(confidence.get(3)).toBe('given');
    expect(confidence.has(0)).toBe(false); // left out by the mapping: no field, no confidence
    expect(confidence.get(4)).toBe('exact');
  });

  it('is "saved" for every column of a mapping saved for these headers', () => {
    const proposed = findHeaderRow(rows);
    if (!proposed) throw new Error('no header found');
    const saved = {
      [sourceKey(proposed.headers)]: { entries: mappingToJson(proposed.mapping, proposed.headers) },
    };
    const header = findHeaderRow(rows, undefined, saved);
    expect(header?.source).toBe('saved');
    if (!header) return;
    expect(new Set(mappingConfidence(header, undefined).values())).toEqual(new Set(['saved']));
  });
});
