// An .xlsx read part by part, with every part metered as it inflates. exceljs 4.4.0 reads the
// workbook's list of sheets, its relationships and its styles: `sheets()` replaces its
// `parse()` (lib/stream/xlsx/workbook-reader.js; exceljs is pinned to that version) and calls
// its part parsers, because the meter has to sit between unzipping and them. The large parts,
// shared strings and worksheets, are read by SharedStringsReader and WorksheetParser. The reader is imported on its own (exceljs-workbook-reader.d.ts): the
// reading worker starts without exceljs's writers.
import type { Readable, Transform } from 'node:stream';
import WorkbookReader from 'exceljs/lib/stream/xlsx/workbook-reader.js';
import unzipper from 'unzipper';
import type { InflateBudget } from './inflate-budget';
import { SheetFileError } from './sheet-types';
import { WorksheetParser, type ParsedRow, type WorkbookContext } from './worksheet-parser';
import { SharedStringsReader } from './shared-strings-reader';

/** The parts of exceljs's WorkbookReader this subclass calls; not in its type declarations. */
interface ReaderInternals {
  workbookRels?: { Id: string; Target: string }[];
  model?: { sheets?: { rId: string; name: string; state?: string }[] };
  styles?: { getStyleModel(id: number): { numFmt?: string } | null };
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseStyles(entry: Readable): Promise<void>;
}

/** A worksheet of the workbook, its rows read as they are asked for. */
export interface WorkbookSheet {
  name: string;
  /** visible, hidden or veryHidden */
  state: string;
  /** Hidden columns and merges, filled in as the rows are read. */
  parser: WorksheetParser;
  rows: AsyncIterable<ParsedRow>;
}

const WORKSHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;

export class GuardedWorkbookReader extends WorkbookReader {
  /** The workbook counts dates from 1904; known once its workbook part is read (before sheets). */
  date1904 = false;

  constructor(
    private readonly path: string,
    private readonly budget: InflateBudget,
  ) {
    super(path, {
      // Cell styles carry the number formats that tell a date from a number.
      styles: 'cache',
      // Worksheets and shared strings are read by our own readers (sheets()).
      worksheets: 'ignore',
      sharedStrings: 'ignore',
      hyperlinks: 'ignore',
      entries: 'ignore',
    });
  }

  /**
   * The worksheets in tab order. A sheet's rows must be read (or left) before the next sheet
   * is asked for: asking for it stops inflating the one before.
   */
  async *sheets(): AsyncGenerator<WorkbookSheet> {
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
    const sharedStrings = new SharedStringsReader();
    const sharedStringsPart = parts.get('xl/sharedStrings.xml');
    if (sharedStringsPart) {
      for await (const chunk of this.inflate(sharedStringsPart))
        sharedStrings.push(chunk as Buffer);
    }
    const context: WorkbookContext = {
      sharedStrings: sharedStrings.strings,
      numberFormat: (id) => internals.styles?.getStyleModel(id)?.numFmt,
      date1904: this.date1904,
    };
    for (const { file, name, state } of this.worksheetsInOrder(parts)) {
      const part = this.inflate(file);
      const parser = new WorksheetParser(context);
      try {
        yield { name, state, parser, rows: parsedRows(part, parser) };
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
  ): { file: unzipper.File; name: string; state: string }[] {
    const internals = this as unknown as ReaderInternals;
    const rels = internals.workbookRels ?? [];
    const tabs = internals.model?.sheets ?? [];
    return [...parts]
      .flatMap(([path, file]) => {
        const sheetNo = WORKSHEET.exec(path)?.[1];
        if (!sheetNo) return [];
        const rel = rels.find(
          (r) => r.Target.replace(/^\/?xl\//, '') === `worksheets/sheet${sheetNo}.xml`,
        );
        const tab = rel ? tabs.findIndex((sheet) => sheet.rId === rel.Id) : -1;
        const sheet = tabs[tab];
        return [
          {
            file,
            sheetNo: Number(sheetNo),
            tab: tab === -1 ? Number.MAX_SAFE_INTEGER : tab,
            name: sheet?.name ?? `Sheet${sheetNo}`,
            state: sheet?.state ?? 'visible',
          },
        ];
      })
      .sort((a, b) => a.tab - b.tab || a.sheetNo - b.sheetNo);
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
  }
}

async function* parsedRows(part: Readable, parser: WorksheetParser): AsyncGenerator<ParsedRow> {
  for await (const chunk of part as AsyncIterable<Buffer>) yield* parser.push(chunk);
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
