// exceljs's parsers of a workbook's small parts, as modules of their own (exceljs 4.4.0,
// pinned): the ones its streaming reader uses for the sheet list, relationships and styles.
// Imported on their own, the reading worker loads neither exceljs's writers nor its zip
// reader (unzipper: one-off, 75 ms to load).
declare module 'exceljs/lib/xlsx/xform/core/relationships-xform.js' {
  export default class RelationshipsXform {
    parseStream(
      stream: Iterable<Buffer> | AsyncIterable<Buffer>,
    ): Promise<{ Id: string; Target: string }[]>;
  }
}

declare module 'exceljs/lib/xlsx/xform/book/workbook-xform.js' {
  export default class WorkbookXform {
    parseStream(stream: Iterable<Buffer> | AsyncIterable<Buffer>): Promise<unknown>;
    model?: { sheets?: { rId: string; name: string; state?: string }[] };
  }
}

declare module 'exceljs/lib/xlsx/xform/style/styles-xform.js' {
  export default class StylesXform {
    parseStream(stream: Iterable<Buffer> | AsyncIterable<Buffer>): Promise<unknown>;
    /** The style of a cell's `s` index: its number format and font among the rest; null if none. */
    getStyleModel(id: number): { numFmt?: string; font?: { strike?: boolean } } | null;
  }
}
