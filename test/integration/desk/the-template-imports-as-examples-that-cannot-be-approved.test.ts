// The template a new batch starts from, as .xlsx and as .csv: its example rows import as
// drafts whose details are valid, each blocked by one error, at its correlation id's cell,
// saying it is an example; none of them can be approved until written over.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnLetter } from '../../../electron/core/sheets/reading/sheet-types';
import { openTestDesk, type TestDesk } from '../../support/desk';

let t: TestDesk;
beforeAll(async () => {
  t = await openTestDesk();
});
afterAll(() => t.close());

describe('the template’s example rows', () => {
  it.each(['xlsx', 'csv'] as const)(
    'import from a .%s as drafts blocked only as examples',
    async (format) => {
      const { api } = t.desk;
      const file = join(t.dataDir, `template.${format}`);
      const written = await api.writeTemplate({ file });
      expect(written).toMatchObject({ file, format, rows: 3 });
      const imported = await api.importSheet({ file, batch_name: `Template ${format}` });
      expect(imported).toMatchObject({ header_row: 1, drafts: 3, skipped: [] });
      const letter = columnLetter(written.columns.indexOf('correlation_id'));
      expect(imported.issues.filter((issue) => issue.severity === 'error')).toEqual(
        [2, 3, 4].map((row) => ({
          row,
          cell: `${letter}${row}`,
          field: 'correlation_id',
          severity: 'error',
          message: `EXAMPLE-000${row - 1} marks an example row of the template, not a payment: delete the row, or write the payment over it, correlation id included`,
        })),
      );
      const approval = await api.approve({
        batch: imported.batch,
        selection: { filter: {} },
        include_warnings: true,
      });
      expect(approval).toMatchObject({ approved: 0, refused_total: 3 });
      expect(approval.refused_for.errors).toBe(3);
    },
  );
});
