// A batch imported without a name is named after its file and the minute on the person's own
// clock, the next free name within the same minute; a name the person gives is theirs, so a
// taken one is refused, as is one that is blank or not one line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDesk, type TestDesk } from '../../support/desk';

// Auckland is 13 hours ahead of UTC in November: 20:05 UTC on the 23rd is 09:05 on the 24th.
// The files after this one run in the same process (vitest.config.ts): the zone is put back.
const zoneBefore = process.env.TZ;
process.env.TZ = 'Pacific/Auckland';
const AT = new Date('2026-11-23T20:05:30Z');
const SHEET = 'test/fixtures/payouts-template.csv';

let t: TestDesk;
beforeAll(async () => {
  t = await openTestDesk({ clock: () => AT });
});
afterAll(() => {
  t.close();
  if (zoneBefore === undefined) delete process.env.TZ;
  else process.env.TZ = zoneBefore;
});

describe('an import without a batch name', () => {
  it('names the batch after the file and the local minute, then the next free name', async () => {
    const { api } = t.desk;
    const first = await api.importSheet({ file: SHEET });
    expect(first.batch).toBe('payouts-template 2026-11-24 09:05');
    const second = await api.importSheet({ file: SHEET });
    expect(second.batch).toBe('payouts-template 2026-11-24 09:05 (2)');
  });
});

describe('a batch name given', () => {
  it('is refused when taken, blank or more than one line, and no batch is made', async () => {
    const { api } = t.desk;
    await api.importSheet({ file: SHEET, batch_name: 'January' });
    const before = await api.listBatches({});
    await expect(api.importSheet({ file: SHEET, batch_name: 'January' })).rejects.toMatchObject({
      code: 'conflict',
      message: 'a batch named "January" already exists: choose another name',
    });
    await expect(api.importSheet({ file: SHEET, batch_name: '  ' })).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining('a batch needs a name'),
    });
    await expect(api.importSheet({ file: SHEET, batch_name: 'Two\nlines' })).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining('a batch name is one line of text'),
    });
    expect(await api.listBatches({})).toEqual(before);
  });
});
