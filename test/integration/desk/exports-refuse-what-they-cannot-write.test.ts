// The template, a batch's results and a statement are written only as .xlsx or .csv, and a
// batch's results only against the sheet it came from: anything else is refused, naming what
// would do, and no file is written. A cancelled export says so, and writes nothing either.
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Outbox } from '../../../electron/core/outbox';
import { openTestDesk, type TestDesk } from '../../support/desk';

let t: TestDesk;
beforeAll(async () => {
  t = await openTestDesk();
});
afterAll(() => t.close());

const at = (name: string) => join(t.dataDir, name);
const nothingAt = (name: string) => expect(access(at(name))).rejects.toThrow();
const notAFormat = {
  code: 'invalid_input',
  message: expect.stringContaining('must end in .xlsx or .csv'),
};

describe('an export', () => {
  it('refuses a file name that is neither .xlsx nor .csv, writing nothing', async () => {
    const { api } = t.desk;
    await expect(api.writeTemplate({ file: at('t.pdf') })).rejects.toMatchObject(notAFormat);
    await nothingAt('t.pdf');
    await api.importSheet({ file: 'test/fixtures/payouts-template.csv', batch_name: 'January' });
    await expect(
      api.exportResults({ batch: 'January', file: at('out.ods') }),
    ).rejects.toMatchObject(notAFormat);
    await nothingAt('out.ods');
    await expect(
      api.exportStatement({ wallet_id: 'any-wallet', file: at('s.txt') }),
    ).rejects.toMatchObject(notAFormat);
    await nothingAt('s.txt');
  });

  it('says what is wrong with a path it cannot write to, as the input to correct', async () => {
    const { api } = t.desk;
    await api.importSheet({ file: 'test/fixtures/payouts-template.csv', batch_name: 'Paths' });
    await expect(
      api.exportResults({ batch: 'Paths', file: at('no-such-folder/out.csv') }),
    ).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining('no-such-folder does not exist: create it'),
    });
    // A file where a folder should be: said as such, not as Node's ENOTDIR on a temporary file.
    await api.writeTemplate({ file: at('a-file.csv') });
    await expect(
      api.exportResults({ batch: 'Paths', file: at('a-file.csv/out.csv') }),
    ).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/a-file\.csv is not a folder: choose a folder to write into$/),
    });
  });

  it('refuses the results of a batch not imported from a sheet: there is none to annotate', async () => {
    // Batches from before imports kept their sheet have none to put their drafts against.
    const outbox = Outbox.open(t.dataDir);
    outbox.batches.create({
      name: 'Older',
      profile: 'local',
      groupId: null,
      walletId: null,
      walletCurrency: null,
      sourceFile: null,
    });
    outbox.close();
    await expect(
      t.desk.api.exportResults({ batch: 'Older', file: at('older.csv') }),
    ).rejects.toMatchObject({
      code: 'not_found',
      message: 'batch "Older" was not imported from a sheet, so there is no sheet to annotate',
    });
    await nothingAt('older.csv');
  });

  it('cancelled, answers that it was cancelled, not that the file could not be written', async () => {
    const { api } = t.desk;
    // A cancel that comes before its job: the export starts cancelled, before its first row.
    await api.cancelJob({ job_id: 'results-cancelled' });
    await expect(
      api.exportResults({
        batch: 'January',
        file: at('cancelled.xlsx'),
        job_id: 'results-cancelled',
      }),
    ).rejects.toMatchObject({ code: 'cancelled', message: 'the export was cancelled' });
    await nothingAt('cancelled.xlsx');
    await api.cancelJob({ job_id: 'audit-cancelled' });
    await expect(
      api.exportAuditLog({ file: at('audit.csv'), job_id: 'audit-cancelled' }),
    ).rejects.toMatchObject({ code: 'cancelled', message: 'the export was cancelled' });
    await nothingAt('audit.csv');
  });
});
