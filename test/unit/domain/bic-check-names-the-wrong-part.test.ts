import { describe, expect, it } from 'vitest';
import { checkBic, normaliseBic } from '../../../shared/domain/bank-identifiers';

describe('checkBic', () => {
  it('accepts 8- and 11-character BICs, written with spaces or in lower case', () => {
    expect(checkBic('DEUTDEFF')).toEqual({ ok: true, value: 'DEUTDEFF', country: 'DE' });
    expect(checkBic('DEUTDEFF500')).toEqual({ ok: true, value: 'DEUTDEFF500', country: 'DE' });
    expect(checkBic('NWBKGB2L')).toEqual({ ok: true, value: 'NWBKGB2L', country: 'GB' });
    expect(checkBic('nwbk gb 2l xxx')).toEqual({ ok: true, value: 'NWBKGB2LXXX', country: 'GB' });
    expect(normaliseBic(' deut-de-ff ')).toBe('DEUTDEFF');
  });

  it('names the part that is wrong', () => {
    const reason = (text: string) => {
      const result = checkBic(text);
      return result.ok ? 'accepted' : result.reason;
    };
    expect(reason('')).toBe('the BIC is empty');
    expect(reason('DEUTDE')).toBe('a BIC has 8 or 11 characters, this one has 6');
    expect(reason('DEUTDEFF5')).toBe('a BIC has 8 or 11 characters, this one has 9');
    expect(reason('DEU1DEFF')).toBe('a BIC starts with 4 letters for the bank, not "DEU1"');
    expect(reason('DEUTXXFF')).toMatch(/country code, "XX" is not one/);
    expect(reason('DEUT1EFF')).toMatch(/country code, "1E" is not one/);
    expect(reason('DEUTDEF_')).toMatch(/2 letters or digits and an optional 3 for the branch/);
    expect(reason('DEUTDEFF50_')).toMatch(/optional 3 for the branch/);
  });
});
