import { describe, expect, it } from 'vitest';
import { cellBoolean } from '../../../electron/core/sheets/coercion/cell-boolean';
import {
  amountTypeFrom,
  cellCode,
  cellCountry,
  cellCurrency,
  entityTypeFrom,
} from '../../../electron/core/sheets/coercion/cell-codes';
import type { CellValue } from '../../../electron/core/sheets/reading/sheet-types';

const text = (value: string): CellValue => ({ kind: 'text', text: value });

describe('cellBoolean', () => {
  it('reads boolean cells, 1 and 0, and the words for yes and no in any case', () => {
    expect(cellBoolean({ kind: 'boolean', value: true })).toEqual({ ok: true, value: true });
    expect(cellBoolean({ kind: 'boolean', value: false })).toEqual({ ok: true, value: false });
    expect(cellBoolean({ kind: 'number', value: 1 })).toEqual({ ok: true, value: true });
    expect(cellBoolean({ kind: 'number', value: 0 })).toEqual({ ok: true, value: false });
    for (const yes of ['TRUE', 'true', 'Yes', 'YES', 'y', 'Y', '1', 'x', 'X', '✓', '✔', ' yes ']) {
      expect(cellBoolean(text(yes)), yes).toEqual({ ok: true, value: true });
    }
    for (const no of ['FALSE', 'false', 'No', 'NO', 'n', 'N', '0']) {
      expect(cellBoolean(text(no)), no).toEqual({ ok: true, value: false });
    }
  });

  it('reads an empty cell as nothing and refuses anything else', () => {
    expect(cellBoolean({ kind: 'empty' })).toEqual({ ok: true, value: null });
    expect(cellBoolean(text('  '))).toEqual({ ok: true, value: null });
    expect(cellBoolean(text('maybe'))).toEqual({
      ok: false,
      message:
        '"maybe" is not yes or no: write TRUE or FALSE (yes/no, y/n, 1/0 and x for yes also work)',
    });
    expect(cellBoolean({ kind: 'number', value: 2 }).ok).toBe(false);
    expect(cellBoolean({ kind: 'date', date: '2030-01-31' }).ok).toBe(false);
    expect(cellBoolean({ kind: 'error', code: '#N/A' }).ok).toBe(false);
  });
});

describe('cellCountry', () => {
  it('reads a code, or a country written by its English name, as the code', () => {
    expect(cellCountry(text(' gb '))).toEqual({ ok: true, value: 'GB' });
    for (const [name, code] of [
      ['United Kingdom', 'GB'],
      ['united kingdom of great britain and northern ireland', 'GB'],
      ['Germany', 'DE'],
      ['the Netherlands', 'NL'],
      ['Côte d’Ivoire', 'CI'],
      ['USA', 'US'],
      ['Bolivia', 'BO'],
      // Not ISO's code, but how many British sheets write it.
      [' uk ', 'GB'],
      ['U.K.', 'GB'],
      // The nations of the United Kingdom are all GB to a bank.
      ['England', 'GB'],
      ['Scotland', 'GB'],
      ['Wales', 'GB'],
      ['Northern Ireland', 'GB'],
      ['U.S.A.', 'US'],
      ['Holland', 'NL'],
      ['UAE', 'AE'],
    ]) {
      expect(cellCountry(text(name ?? '')), name).toEqual({ ok: true, value: code });
    }
  });

  it('reads the three-letter code ERP and bank exports write as the two-letter one', () => {
    for (const [alpha3, code] of [
      ['DEU', 'DE'],
      ['GBR', 'GB'],
      ['USA', 'US'],
      ['FRA', 'FR'],
      [' che ', 'CH'],
      ['ALA', 'AX'],
    ]) {
      expect(cellCountry(text(alpha3 ?? '')), alpha3).toEqual({ ok: true, value: code });
    }
    // Kosovo's XKK is no more a country code here than its XK is (countries.ts).
    expect(cellCountry(text('XKK')).ok).toBe(false);
  });

  it('reads a name in the languages European payrolls are written in, however accented', () => {
    for (const [name, code] of [
      ['Deutschland', 'DE'],
      ['Österreich', 'AT'],
      ['Osterreich', 'AT'],
      ['  vereinigtes   königreich ', 'GB'],
      ['Großbritannien', 'GB'],
      // The Swiss write no ß; a Polish name typed without its marks has l for ł.
      ['Grossbritannien', 'GB'],
      ['Wlochy', 'IT'],
      ['Schweiz', 'CH'],
      ['Allemagne', 'DE'],
      ['Royaume-Uni', 'GB'],
      ['royaume uni', 'GB'],
      ['Espagne', 'ES'],
      ['États-Unis', 'US'],
      ['España', 'ES'],
      ['ESPANA', 'ES'],
      ['Alemania', 'DE'],
      ['Italia', 'IT'],
      ['Germania', 'DE'],
      ['Nederland', 'NL'],
      ['Duitsland', 'DE'],
      ['Alemanha', 'DE'],
      ['Niemcy', 'DE'],
    ]) {
      expect(cellCountry(text(name ?? '')), name).toEqual({ ok: true, value: code });
    }
  });

  it('refuses other text quoting it as written, and asks for the code', () => {
    expect(cellCountry(text('Untied Kingdom'))).toEqual({
      ok: false,
      message: '"Untied Kingdom" is not a country: write the two-letter code, such as GB',
    });
    // Two countries are "Korea" in English, and "Kongo" in German: the name alone says neither.
    expect(cellCountry(text('Kongo'))).toEqual({
      ok: false,
      message: '"Kongo" is not a country: write the two-letter code, such as GB',
    });
    expect(cellCountry(text('Korea')).ok).toBe(false);
    // Three letters that are no ISO alpha-3 code are no country either.
    expect(cellCountry(text('GBX'))).toEqual({
      ok: false,
      message: '"GBX" is not a country: write the two-letter code, such as GB',
    });
    // Two letters that are no code are the field's to refuse, as "XX is not a country code".
    expect(cellCountry(text('xx'))).toEqual({ ok: true, value: 'XX' });
  });
});

describe('cellCurrency', () => {
  it('reads a code, an English name, or a symbol only one currency writes', () => {
    for (const [written, code] of [
      [' eur ', 'EUR'],
      ['British pound', 'GBP'],
      ['€', 'EUR'],
      [' £ ', 'GBP'],
      ['₹', 'INR'],
    ]) {
      expect(cellCurrency(text(written ?? '')), written).toEqual({ ok: true, value: code });
    }
  });

  it('leaves "$" for the field to refuse: a dozen currencies write it', () => {
    expect(cellCurrency(text('$'))).toEqual({ ok: true, value: '$' });
  });
});

describe('cellCode', () => {
  it('upper-cases and removes every space', () => {
    expect(cellCode(text(' gb '))).toEqual({ ok: true, value: 'GB' });
    expect(cellCode(text('usd'))).toEqual({ ok: true, value: 'USD' });
    expect(cellCode(text('g b'))).toEqual({ ok: true, value: 'GB' });
    expect(cellCode(text('SUP\u00A0P\u200B'))).toEqual({ ok: true, value: 'SUPP' });
    expect(cellCode({ kind: 'number', value: 5 })).toEqual({ ok: true, value: '5' });
    expect(cellCode({ kind: 'empty' })).toEqual({ ok: true, value: null });
    expect(cellCode({ kind: 'error', code: '#REF!' }).ok).toBe(false);
  });
});

describe('entityTypeFrom', () => {
  it('reads the codes and the everyday words for a person and a company', () => {
    for (const person of [
      'INDIVIDUAL',
      'Individual',
      'person',
      'Private',
      'Private Person',
      'natural-person',
    ]) {
      expect(entityTypeFrom(person), person).toEqual({ ok: true, value: 'INDIVIDUAL' });
    }
    for (const company of [
      'BUSINESS',
      'Business',
      'Company',
      'Corporate',
      'Ltd',
      'Ltd.',
      'LLC',
      'Inc.',
      'GmbH',
      'plc',
    ]) {
      expect(entityTypeFrom(company), company).toEqual({ ok: true, value: 'BUSINESS' });
    }
  });

  it('reads empty text as nothing and refuses other words', () => {
    expect(entityTypeFrom('  ')).toEqual({ ok: true, value: null });
    expect(entityTypeFrom('Trust')).toEqual({
      ok: false,
      message: '"Trust" is not an entity type: write INDIVIDUAL or BUSINESS',
    });
  });
});

describe('amountTypeFrom', () => {
  it('reads SEND and LAND in any case and refuses debit and credit', () => {
    expect(amountTypeFrom('SEND')).toEqual({ ok: true, value: 'SEND' });
    expect(amountTypeFrom(' land ')).toEqual({ ok: true, value: 'LAND' });
    expect(amountTypeFrom('Send')).toEqual({ ok: true, value: 'SEND' });
    expect(amountTypeFrom('')).toEqual({ ok: true, value: null });
    expect(amountTypeFrom('debit')).toMatchObject({
      ok: false,
      message: expect.stringContaining('write SEND (the amount leaves the wallet) or LAND'),
    });
    expect(amountTypeFrom('credit').ok).toBe(false);
  });

  it("reads Wise's source and target and the words for an amount that arrives", () => {
    for (const word of [
      'target',
      'TARGET',
      'receive',
      'To arrive',
      'to_arrive',
      'Recipient gets',
    ]) {
      expect(amountTypeFrom(word), word).toEqual({ ok: true, value: 'LAND' });
    }
    for (const word of ['source', 'Source', 'send']) {
      expect(amountTypeFrom(word), word).toEqual({ ok: true, value: 'SEND' });
    }
  });
});
