// An .xlsx read part by part, from its zip's central directory (yauzl), with every part
// metered as it inflates. exceljs 4.4.0's own parsers read the workbook's list of sheets, its
// relationships and its styles (exceljs-part-parsers.d.ts; exceljs is pinned to that version);
// the large parts, shared strings and worksheets, are read by SharedStringsReader and
// WorksheetParser.
import type { Readable } from 'node:stream';
import WorkbookXform from 'exceljs/lib/xlsx/xform/book/workbook-xform.js';
import RelationshipsXform from 'exceljs/lib/xlsx/xform/core/relationships-xform.js';
import StylesXform from 'exceljs/lib/xlsx/xform/style/styles-xform.js';
import yauzl from 'yauzl';
import type { InflateBudget } from './inflate-budget';
import { SheetFileError } from './sheet-types';
import { SharedStringsReader } from './shared-strings-reader';
import { WorksheetParser, type ParsedRow, type WorkbookContext } from './worksheet-parser';

/** A worksheet of the workbook, its rows read as they are asked for. */
export interface WorkbookSheet {
  name: string;
  /** visible, hidden or veryHidden */
  state: string;
  /** Hidden columns and merges, filled in as the rows are read. */
  parser: WorksheetParser;
  rows: AsyncIterable<ParsedRow>;
  /** No visible sheet comes after this one in tab order. */
  lastVisible: boolean;
  /** Every worksheet of the workbook in tab order, this one included. */
  tabs: readonly { name: string; state: string }[];
  /** The share of the sheet's XML read so far, by the size its zip entry declares. */
  readFraction(): number | undefined;
}

const WORKSHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;

type Parts = Map<string, yauzl.Entry>;

export class GuardedWorkbookReader {
  /** The workbook counts dates from 1904; known once its workbook part is read (before sheets). */
  date1904 = false;

  constructor(
    private readonly path: string,
    private readonly budget: InflateBudget,
  ) {}

  /**
   * The worksheets in tab order. A sheet whose rows were never begun stops inflating when the
   * next sheet is asked for; one whose rows were begun is left to its reader, who reads them to
   * the end or returns them, so that the sheet chosen among several is read on without opening
   * the file again. Closing the workbook (returning this generator) ends every one.
   */
  async *sheets(): AsyncGenerator<WorkbookSheet> {
    // The file is on disk, so its parts are read in the order they are needed (exceljs's own
    // reader reads a stream in file order, and Excel writes the shared strings after the
    // worksheets, which makes it copy every sheet to a temporary file first). Parts not needed
    // are never inflated at all.
    const zip = await openZip(this.path);
    const opened: Readable[] = [];
    try {
      const parts = await zipParts(zip);
      if (!parts.has('xl/workbook.xml')) throw notAWorkbook(parts);
      this.budget.checkDeclared(
        [...parts.values()].reduce((total, entry) => total + entry.uncompressedSize, 0),
      );
      const part = async (path: string) => {
        const entry = parts.get(path);
        if (!entry) return undefined;
        const inflating = await this.inflate(zip, entry, path);
        opened.push(inflating);
        return inflating;
      };
      const rels = await part('xl/_rels/workbook.xml.rels');
      const workbookRels = rels ? await new RelationshipsXform().parseStream(rels) : [];
      const workbook = new WorkbookXform();
      await workbook.parseStream(await this.workbookPart(part));
      const styles = new StylesXform();
      const stylesPart = await part('xl/styles.xml');
      if (stylesPart) await styles.parseStream(stylesPart);
      const sharedStrings = new SharedStringsReader();
      const sharedStringsPart = await part('xl/sharedStrings.xml');
      if (sharedStringsPart) {
        for await (const chunk of sharedStringsPart) sharedStrings.push(chunk as Buffer);
      }
      const context: WorkbookContext = {
        sharedStrings: sharedStrings.strings,
        numberFormat: (id) => (stylesPart ? styles.getStyleModel(id)?.numFmt : undefined),
        // The font of the cell's style, read by exceljs's styles parser as the number format is:
        // the rows' XML names only the style. (exceljs takes any <strike> as struck, even one
        // with val="0", which Excel does not write: at worst a warning too many.)
        struckThrough: (id) =>
          stylesPart !== undefined && styles.getStyleModel(id)?.font?.strike === true,
        date1904: this.date1904,
      };
      const tabs = workbook.model?.sheets ?? [];
      const worksheets = worksheetsInOrder(parts, workbookRels, tabs);
      const listed = worksheets.map(({ name, state }) => ({ name, state }));
      const lastVisibleIndex = worksheets.findLastIndex(
        (w) => w.state !== 'hidden' && w.state !== 'veryHidden',
      );
      for (const [index, { path, name, state }] of worksheets.entries()) {
        const sheet = (await part(path)) as Readable;
        const parser = new WorksheetParser(context);
        const reading = { begun: false, bytes: 0 };
        const lastVisible = index >= lastVisibleIndex;
        // Declared, not checked: a wrong size only makes the progress bar wrong (the meter
        // bounds what is inflated).
        const size = parts.get(path)?.uncompressedSize ?? 0;
        try {
          yield {
            name,
            state,
            parser,
            rows: parsedRows(sheet, parser, reading),
            lastVisible,
            tabs: listed,
            readFraction: () => (size > 0 ? Math.min(1, reading.bytes / size) : undefined),
          };
        } finally {
          // A sheet passed over unread stops inflating here.
          if (!reading.begun) sheet.destroy();
        }
      }
    } finally {
      // Whatever stopped the reading, a refusal included, no part keeps the file open.
      for (const inflating of opened) inflating.destroy();
      zip.close();
    }
  }

  /** One part, inflating through the meter. */
  private async inflate(zip: yauzl.ZipFile, entry: yauzl.Entry, path: string): Promise<Readable> {
    let inflating: Readable;
    try {
      inflating = await zip.openReadStreamPromise(entry);
    } catch (error) {
      throw zipError(error);
    }
    const metered = inflating.pipe(this.budget.meter(path));
    inflating.on('error', (error) => metered.destroy(zipError(error)));
    // A part left early (a sheet of which only the first rows were wanted) must stop inflating
    // and give back its hold on the file: the zip closes its file once every part has.
    metered.on('close', () => inflating.destroy());
    return metered;
  }

  /**
   * The workbook part, its text kept on the way: exceljs reads the 1904 date system only from
   * date1904="1", and "true" is as valid (LibreOffice writes it) and would shift every date by
   * four years. The part is small.
   */
  private async workbookPart(
    part: (path: string) => Promise<Readable | undefined>,
  ): Promise<Buffer[]> {
    const chunks: Buffer[] = [];
    for await (const chunk of (await part('xl/workbook.xml')) as Readable) {
      chunks.push(chunk as Buffer);
    }
    const xml = Buffer.concat(chunks).toString('utf8');
    this.date1904 = /<(?:\w+:)?workbookPr\b[^>]*\bdate1904=["'](?:1|true)["']/.test(xml);
    return chunks;
  }
}

/** The worksheets as the workbook lists them (its tab order), then any it does not list. */
function worksheetsInOrder(
  parts: Parts,
  rels: { Id: string; Target: string }[],
  tabs: { rId: string; name: string; state?: string }[],
): { path: string; name: string; state: string }[] {
  return [...parts.keys()]
    .flatMap((path) => {
      const sheetNo = WORKSHEET.exec(path)?.[1];
      if (!sheetNo) return [];
      const rel = rels.find(
        (r) => r.Target.replace(/^\/?xl\//, '') === `worksheets/sheet${sheetNo}.xml`,
      );
      const tab = rel ? tabs.findIndex((sheet) => sheet.rId === rel.Id) : -1;
      const sheet = tabs[tab];
      return [
        {
          path,
          sheetNo: Number(sheetNo),
          tab: tab === -1 ? Number.MAX_SAFE_INTEGER : tab,
          name: sheet?.name ?? `Sheet${sheetNo}`,
          state: sheet?.state ?? 'visible',
        },
      ];
    })
    .sort((a, b) => a.tab - b.tab || a.sheetNo - b.sheetNo);
}

async function* parsedRows(
  part: Readable,
  parser: WorksheetParser,
  reading: { begun: boolean; bytes: number },
): AsyncGenerator<ParsedRow> {
  reading.begun = true;
  // Returned early (only the first rows were wanted), the loop destroys the part.
  for await (const chunk of part as AsyncIterable<Buffer>) {
    reading.bytes += chunk.length;
    yield* parser.push(chunk);
  }
}

async function openZip(path: string): Promise<yauzl.ZipFile> {
  try {
    // Names as bytes: yauzl refuses a name it finds unsafe to extract ("/xl/workbook.xml", which
    // some writers use), and nothing is extracted here. OOXML part names are ASCII.
    return await yauzl.openPromise(path, {
      lazyEntries: true,
      autoClose: false,
      decodeStrings: false,
    });
  } catch (error) {
    throw zipError(error);
  }
}

/** The zip's parts by path, from its central directory. */
async function zipParts(zip: yauzl.ZipFile): Promise<Parts> {
  const parts: Parts = new Map();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      const name = (entry.fileName as unknown as Buffer).toString('utf8').replace(/^\//, '');
      if (!name.endsWith('/')) parts.set(name, entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve());
    zip.on('error', (error) => reject(zipError(error)));
    zip.readEntry();
  });
  return parts;
}

/** The zip reader's errors ("end of central directory record signature not found") as a person can act on them. */
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
