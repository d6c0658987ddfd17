// The audit log as a sheet, for an auditor: one row per entry, oldest first, every cell made
// safe from formula injection (safe-text.ts). Details stay the JSON they were recorded as.
import { asAsync, breather, exportFormat, writeCsvFile, writeXlsxFile } from './export-writers';
import { csvLine, xlsxCellValue, type CellInput } from './safe-text';

export interface AuditExportRow {
  id: number;
  at: string;
  actor: string;
  action: string;
  batch: string | null;
  subject: string | null;
  details: Record<string, unknown>;
}

export const AUDIT_COLUMNS = ['Entry', 'When (UTC)', 'Who', 'What', 'Batch', 'Subject', 'Details'];
const WIDTHS = [8, 24, 16, 20, 28, 38, 60];

/** Writes the entries as .xlsx or .csv by the path's extension; `onRow` after each row. */
export async function writeAuditLog(
  path: string,
  entries: Iterable<AuditExportRow>,
  onRow: (rows: number) => void = () => undefined,
): Promise<{ rows: number }> {
  const format = exportFormat(path);
  let rows = 0;
  async function* cells(): AsyncGenerator<CellInput[]> {
    const breathe = breather();
    for await (const entry of asAsync(entries)) {
      rows += 1;
      onRow(rows);
      yield [
        entry.id,
        entry.at,
        entry.actor,
        entry.action,
        entry.batch,
        entry.subject,
        JSON.stringify(entry.details),
      ];
      await breathe();
    }
  }
  if (format === 'csv') {
    await writeCsvFile(path, lines(cells()));
  } else {
    await writeXlsxFile(path, async (workbook) => {
      const sheet = workbook.addWorksheet('Audit log');
      sheet.columns = AUDIT_COLUMNS.map((header, n) => ({ header, width: WIDTHS[n] }));
      for await (const row of cells()) sheet.addRow(row.map(xlsxCellValue)).commit();
      sheet.commit();
    });
  }
  return { rows };
}

async function* lines(rows: AsyncIterable<CellInput[]>): AsyncGenerator<string> {
  yield csvLine(AUDIT_COLUMNS);
  for await (const row of rows) yield csvLine(row);
}
