// exceljs's streaming workbook reader, with every part it reads metered as it inflates and
// every worksheet scanned for what exceljs drops (hidden rows and columns, merged cells).
// `parse()` replaces exceljs 4.4.0's (lib/stream/xlsx/workbook-reader.js; exceljs is pinned to
// that version) and calls its part parsers: the meter has to sit between unzipping and them.
// The reader is imported on its own (exceljs-workbook-reader.d.ts): the reading worker starts
// without exceljs's writers.
import type { Readable, Transform } from 'node:stream';
import WorkbookReader from 'exceljs/lib/stream/xlsx/workbook-reader.js';
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

export class GuardedWorkbookReader extends WorkbookReader {
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
    // The file is on disk, so its parts are read in the order they are needed (exceljs reads a
    // stream in file order, and Excel writes the shared strings after the worksheets, which
    // makes exceljs copy every sheet to a temporary file first). Parts not needed are never
    // inflated at all.
    const parts = await zipParts(this.path);
    if (!parts.has('xl/workbook.xml')) throw notAWorkbook(parts);
    this.budget.checkDeclared(
      [...parts.values()].reduce((total, file) => total + file.uncompressedSize, 0),
    );
    const rels = parts.get('xl/_rels/workbook.xml.rels');
    if (rels) await internals._parseRels(this.inflate(rels));
    await this.parseWorkbook(this.inflate(parts.get('xl/workbook.xml') as unzipper.File));
    const styles = parts.get('xl/styles.xml');
    if (styles) await internals._parseStyles(this.inflate(styles));
    const sharedStrings = parts.get('xl/sharedStrings.xml');
    if (sharedStrings) yield* internals._parseSharedStrings(this.inflate(sharedStrings));
    for (const { sheetNo, file } of this.worksheetsInOrder(parts)) {
      const part = this.inflate(file);
      try {
        yield* internals._parseWorksheet(this.scanned(part), sheetNo);
      } finally {
        // A sheet left early (only its first rows were wanted) stops inflating here.
        part.destroy();
      }
    }
  }

  /** One part, inflating through the meter. */
  private inflate(file: unzipper.File): Transform {
    const entry = file.stream();
    const metered = entry.pipe(this.budget.meter(file.path.replace(/^\//, '')));
    entry.on('error', (error) => metered.destroy(zipError(error)));
    return metered;
  }

  /** The worksheets as the workbook lists them (its tab order), then any it does not list. */
  private worksheetsInOrder(
    parts: Map<string, unzipper.File>,
  ): { sheetNo: string; file: unzipper.File }[] {
    const internals = this as unknown as ReaderInternals;
    const rels = (internals.workbookRels ?? []) as { Id: string; Target: string }[];
    const tabs = ((this as unknown as { model?: { sheets?: { rId: string }[] } }).model?.sheets ??
      []) as { rId: string }[];
    const tabOf = (sheetNo: string) => {
      const rel = rels.find(
        (r) => r.Target.replace(/^\/?xl\//, '') === `worksheets/sheet${sheetNo}.xml`,
      );
      const tab = rel ? tabs.findIndex((sheet) => sheet.rId === rel.Id) : -1;
      return tab === -1 ? Number.MAX_SAFE_INTEGER : tab;
    };
    return [...parts]
      .flatMap(([path, file]) => {
        const sheetNo = WORKSHEET.exec(path)?.[1];
        return sheetNo ? [{ sheetNo, file, tab: tabOf(sheetNo) }] : [];
      })
      .sort((a, b) => a.tab - b.tab || Number(a.sheetNo) - Number(b.sheetNo));
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

/** The zip's parts by path, from its central directory. */
async function zipParts(path: string): Promise<Map<string, unzipper.File>> {
  let directory: unzipper.CentralDirectory;
  try {
    directory = await unzipper.Open.file(path);
  } catch (error) {
    throw zipError(error);
  }
  return new Map(
    directory.files
      .filter((file) => file.type === 'File')
      .map((file) => [file.path.replace(/^\//, ''), file] as const),
  );
}

/** unzipper's errors ("FILE_ENDED", "invalid signature") as a person can act on them. */
function zipError(error: unknown): SheetFileError {
  if (error instanceof SheetFileError) return error;
  return new SheetFileError(
    'unreadable',
    `the workbook is damaged or incomplete, so it could not be unpacked (${error instanceof Error ? error.message : String(error)}): open it in Excel and save it again`,
  );
}

function notAWorkbook(parts: Map<string, unknown>): SheetFileError {
  return new SheetFileError(
    'not_a_spreadsheet',
    parts.has('mimetype') && parts.has('content.xml')
      ? 'this is an OpenDocument spreadsheet (.ods): open it in LibreOffice or Excel and save it as .xlsx, then import again'
      : 'the file is a zip archive but not an Excel workbook: export the list from its program as .xlsx or .csv',
  );
}
