// A typed amount in the person's locale becomes the exact decimal text the desk takes, with no
// float between: grouping and the locale's decimal mark are read from the text itself, and what
// is no number in the locale is refused with an example, never saved as something else.
import { describe, expect, it } from 'vitest';
import {
  decimalOfTyped,
  thousandsLike,
  typedOfDecimal,
} from '../../../renderer/src/features/editor/typed-amount';

describe('a typed amount', () => {
  it('is read with the locale’s marks, digits kept as typed', () => {
    expect(decimalOfTyped('1,234.50', 'en-US')).toEqual({ ok: true, decimal: '1234.50' });
    expect(decimalOfTyped('1.234,50', 'de-DE')).toEqual({ ok: true, decimal: '1234.50' });
    expect(decimalOfTyped('1 234,5', 'fr-FR')).toEqual({ ok: true, decimal: '1234.5' });
    // Past a double's 15-16 significant digits, the text still goes through exactly.
    expect(decimalOfTyped('90071992547409.993', 'en-US')).toEqual({
      ok: true,
      decimal: '90071992547409.993',
    });
    expect(decimalOfTyped('-12.5', 'en-US')).toEqual({ ok: true, decimal: '-12.5' });
    expect(decimalOfTyped('', 'en-US')).toEqual({ ok: true, decimal: '' });
  });

  it('is refused when it is no number in the locale', () => {
    expect(decimalOfTyped('12x', 'en-US').ok).toBe(false);
    expect(decimalOfTyped('1.234,50', 'en-US').ok).toBe(false);
    expect(decimalOfTyped('12.50', 'de-DE').ok).toBe(false);
  });

  it('may be typed with the payment’s own currency, as a sheet writes it, and not another', () => {
    expect(decimalOfTyped('£25.00', 'en-US', 'GBP')).toEqual({ ok: true, decimal: '25.00' });
    expect(decimalOfTyped('GBP 1,200.50', 'en-GB', 'GBP')).toEqual({
      ok: true,
      decimal: '1200.50',
    });
    expect(decimalOfTyped('1.234,50 €', 'de-DE', 'EUR')).toEqual({
      ok: true,
      decimal: '1234.50',
    });
    expect(decimalOfTyped('25 eur', 'en-US', 'EUR')).toEqual({ ok: true, decimal: '25' });
    expect(decimalOfTyped('-$12.50', 'en-US', 'USD')).toEqual({ ok: true, decimal: '-12.50' });
    expect(decimalOfTyped('£25.00', 'en-US', 'EUR')).toEqual({
      ok: false,
      message: '"£25.00" is not an amount in EUR: type the amount alone, as 1,234.50',
    });
    // Without the payment's currency, no currency is taken.
    expect(decimalOfTyped('£25.00', 'en-US').ok).toBe(false);
  });

  it('is said to be doubtful where its decimals look like a group of thousands', () => {
    // Read as 2.50 in English, where a person used to a decimal comma meant 2,500.
    expect(thousandsLike('2.500', 'en-US', 2)).toBe(
      '"2.500" reads as 2.50: if it means 2,500, type 2500',
    );
    expect(thousandsLike('1.000', 'en-GB', 0)).toBe(
      '"1.000" reads as 1: if it means 1,000, type 1000',
    );
    // Nothing doubtful: decimals the currency has, three where it has three, or more than it
    // has (the rules refuse those), or a group of thousands typed as such.
    expect(thousandsLike('2.50', 'en-US', 2)).toBeNull();
    expect(thousandsLike('2.500', 'en-US', 3)).toBeNull();
    expect(thousandsLike('2.505', 'en-US', 2)).toBeNull();
    expect(thousandsLike('2,500', 'en-US', 2)).toBeNull();
    expect(thousandsLike('2.500', 'en-US', undefined)).toBeNull();
  });

  it('is shown for editing with the locale’s decimal mark', () => {
    expect(typedOfDecimal('1234.5', 'de-DE')).toBe('1234,5');
    expect(typedOfDecimal('1234.5', 'en-US')).toBe('1234.5');
  });
});
