import { describe, expect, it } from 'vitest';
import { checkBsb, checkCanadianRouting } from '../../../shared/domain/bank-identifiers';

describe('Australian BSBs', () => {
  it('are 6 digits, written with or without the hyphen', () => {
    expect(checkBsb('062-000')).toEqual({ ok: true, value: '062000' });
    expect(checkBsb('062000')).toEqual({ ok: true, value: '062000' });
    for (const text of ['62000', '0620001', '06A-000', '']) {
      expect(checkBsb(text)).toEqual({ ok: false, reason: 'a BSB is 6 digits, such as 062-000' });
    }
  });
});

describe('Canadian bank codes', () => {
  it('are transit and institution numbers, in the cheque or the electronic form', () => {
    expect(checkCanadianRouting('12345-003')).toEqual({ ok: true, value: '12345003' });
    expect(checkCanadianRouting('000312345')).toEqual({ ok: true, value: '000312345' });
  });

  it('are refused as a transit number alone, or 9 digits not starting with 0', () => {
    for (const text of ['12345', '123456789', '1234-003']) {
      expect(checkCanadianRouting(text).ok, text).toBe(false);
    }
  });
});
