import { describe, expect, it } from 'vitest';
import { FIELDS } from '../../../electron/core/sheets/understanding/fields';
import { exampleTemplateRows } from '../../../electron/core/sheets/writing/template-examples';
import {
  checkAbaRouting,
  checkIban,
  checkSortCode,
  checkUkAccountNumber,
} from '../../../shared/domain/bank-identifiers';
import { isCountryCode } from '../../../shared/domain/countries';
import { currencyMinorUnits, isCurrencyCode } from '../../../shared/domain/currencies';
import { amountFromNumber } from '../../../shared/domain/money';
import { isPurposeCode } from '../../../shared/domain/purpose-codes';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

describe('the template examples', () => {
  const today = new Date('2026-11-20T22:00:00Z'); // a Friday
  const [gb, fr, us] = exampleTemplateRows(today);

  it('pass the domain checks of their bank details', () => {
    expect(checkSortCode(text(gb?.bank_code)).ok).toBe(true);
    expect(checkUkAccountNumber(text(gb?.account_number)).ok).toBe(true);
    expect(checkIban(text(fr?.iban)).ok).toBe(true);
    expect(checkAbaRouting(text(us?.bank_code)).ok).toBe(true);
    expect(text(us?.account_number)).toBe('9876543210');
  });

  it('use listed codes, the entity type that fits, and amounts their currency can carry', () => {
    for (const row of [gb, fr, us]) {
      expect(isCountryCode(text(row?.bank_country))).toBe(true);
      expect(isCountryCode(text(row?.address_country))).toBe(true);
      expect(isCurrencyCode(text(row?.account_currency))).toBe(true);
      expect(isPurposeCode(text(row?.purpose))).toBe(true);
      const amount = row?.amount;
      expect(typeof amount === 'number' && amount > 0).toBe(true);
      const places = currencyMinorUnits(text(row?.account_currency)) ?? 0;
      const milli = amountFromNumber(amount as number);
      expect(milli % 10n ** BigInt(3 - places)).toBe(0n);
    }
    expect([gb, fr, us].map((row) => row?.entity_type)).toEqual([
      'INDIVIDUAL',
      'INDIVIDUAL',
      'BUSINESS',
    ]);
    expect(text(us?.company_name)).not.toBe('');
  });

  it('pay on a weekday at least a week ahead, at UTC midnight', () => {
    for (const row of [gb, fr, us]) {
      const date = row?.execution_date as Date;
      expect(date.toISOString()).toBe('2026-11-27T00:00:00.000Z');
    }
    const saturday = exampleTemplateRows(new Date('2026-11-21T12:00:00Z'))[0]?.execution_date;
    expect((saturday as Date).toISOString()).toBe('2026-11-30T00:00:00.000Z');
  });

  it('name only fields the template has, or tag columns', () => {
    const known = new Set(FIELDS.map((field) => field.id as string));
    for (const row of [gb, fr, us]) {
      for (const key of Object.keys(row ?? {})) {
        expect(known.has(key) || key.startsWith('tag:'), key).toBe(true);
      }
    }
  });
});
