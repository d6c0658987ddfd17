// exceljs's streaming workbook reader, with every part of the zip metered as it inflates and
// every worksheet scanned for what exceljs drops (hidden rows and columns, merged cells).
// `parse()` follows exceljs 4.4.0's lib/stream/xlsx/workbook-reader.js (exceljs is pinned to
// that version): the meter has to sit between unzipping and exceljs's parsers, and parse()
// is where the zip entries are, including the ones exceljs drains unread.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import unzipper from 'unzipper';
import type { InflateBudget } from './inflate-budget';
import { SheetFileError } from './sheet-types';
import { WorksheetScanner } from './worksheet-scanner';

type ParseEvent = { eventType: string; value: unknown };

/** The parts of exceljs's WorkbookReader this subclass calls; not in its type declarations. */
interface ReaderInternals {
  sharedStrings?: unknown[];
  workbookRels?: unknown;
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<ParseEvent>;
  _parseWorksheet(iterator: AsyncIterable<Buffer>, sheetNo: string): Generator<ParseEvent>;
}

const WORKSHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;

export class GuardedWorkbookReader extends ExcelJS.stream.xlsx.WorkbookReader {
  /** The scan of the worksheet most recently handed out, filled while its rows stream. */
  current = new WorksheetScanner();
  /** The workbook counts dates from 1904; known once its workbook part is read (before sheets). */
  date1904 = false;

  constructor(
    private readonly path: string,
    private readonly budget: InflateBudget,
  ) {
    super(path, {
      worksheets: 'emit',
      sharedStrings: 'cache',
      // Cell styles carry the number formats that tell a date from a number.
      styles: 'cache',
      // The cell keeps the shown text; the link target is not wanted.
      hyperlinks: 'ignore',
      entries: 'ignore',
    });
  }

  override async *parse(): AsyncGenerator<ParseEvent> {
    const internals = this as unknown as ReaderInternals;
    const zip = createReadStream(this.path).pipe(unzipper.Parse({ forceStream: true }));
    // Excel writes the shared strings after the worksheets; a sheet read before them would
    // lack its text, so it waits in a temporary file (as exceljs does).
    const waiting: { sheetNo: string; file: string }[] = [];
    let spillDir: string | undefined;
    const parts = new Set<string>();
    try {
      for await (const entry of zip as AsyncIterable<unzipper.Entry>) {
        const part = entry.path.replace(/^\//, '');
        parts.add(part);
        const metered = entry.pipe(this.budget.meter(part));
        entry.on('error', (error) => metered.destroy(error));
        const sheetNo = WORKSHEET.exec(part)?.[1];
        if (part === 'xl/_rels/workbook.xml.rels') await internals._parseRels(metered);
        else if (part === 'xl/workbook.xml') await this.parseWorkbook(metered);
        else if (part === 'xl/styles.xml') await internals._parseStyles(metered);
        else if (part === 'xl/sharedStrings.xml') yield* internals._parseSharedStrings(metered);
        else if (sheetNo && internals.sharedStrings && internals.workbookRels) {
          yield* internals._parseWorksheet(this.scanned(metered), sheetNo);
        } else if (sheetNo) {
          spillDir ??= await mkdtemp(join(tmpdir(), 'payout-desk-sheet-'));
          const file = join(spillDir, `sheet${sheetNo}.xml`);
          await pipeline(metered, createWriteStream(file));
          waiting.push({ sheetNo, file });
        }
        // Whatever was not read (other parts, or a sheet left early) still inflates through
        // the meter, so that no part escapes the budget.
        await drain(metered);
      }
      if (!parts.has('xl/workbook.xml')) throw notAWorkbook(parts);
      for (const { sheetNo, file } of waiting) {
        yield* internals._parseWorksheet(this.scanned(createReadStream(file)), sheetNo);
      }
    } finally {
      zip.destroy();
      if (spillDir) await rm(spillDir, { recursive: true, force: true });
    }
  }

  /**
   * exceljs reads the 1904 date system only from date1904="1"; "true" is as valid (LibreOffice
   * writes it) and would shift every date by four years. The part is small: keep its text.
   */
  private async parseWorkbook(part: Readable): Promise<void> {
    const internals = this as unknown as ReaderInternals;
    const chunks: Buffer[] = [];
    part.on('data', (chunk: Buffer) => chunks.push(chunk));
    await internals._parseWorkbook(part);
    const xml = Buffer.concat(chunks).toString('utf8');
    this.date1904 = /<(?:\w+:)?workbookPr\b[^>]*\bdate1904=["'](?:1|true)["']/.test(xml);
    // exceljs converts date cells with this flag as it reads them.
    const properties = (this as unknown as { properties?: { model?: { date1904?: boolean } } })
      .properties;
    if (properties) properties.model = { ...properties.model, date1904: this.date1904 };
  }

  /** The sheet's XML, looked at by a new scanner (made now: the sheet is handed out next). */
  private scanned(source: Readable | Transform): AsyncGenerator<Buffer> {
    const scanner = new WorksheetScanner();
    this.current = scanner;
    return scan(source, scanner);
  }
}

async function* scan(
  source: Readable | Transform,
  scanner: WorksheetScanner,
): AsyncGenerator<Buffer> {
  // A reader that stops early (it only wanted the first rows) must not destroy the part:
  // parse() drains the rest through the meter.
  for await (const chunk of source.iterator({
    destroyOnReturn: false,
  }) as AsyncIterable<Buffer>) {
    scanner.push(chunk);
    yield chunk;
  }
  scanner.push(new Uint8Array(0), true);
}

function notAWorkbook(parts: Set<string>): SheetFileError {
  return new SheetFileError(
    'not_a_spreadsheet',
    parts.has('mimetype') && parts.has('content.xml')
      ? 'this is an OpenDocument spreadsheet (.ods): open it in LibreOffice or Excel and save it as .xlsx, then import again'
      : 'the file is a zip archive but not an Excel workbook: export the list from its program as .xlsx or .csv',
  );
}

async function drain(stream: Readable): Promise<void> {
  if (stream.readableEnded || stream.destroyed) return;
  for await (const _chunk of stream) {
    // discarded: only the meter needs to see it
  }
}
