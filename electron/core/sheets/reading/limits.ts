// The documented limits of the sheet importer. A file past any of them is refused with a
// message that names the limit, before anything reaches the outbox; each is checked while the
// file streams, so memory stays bounded while refusing.

export const SHEET_LIMITS = {
  /** Data rows of one import: a payout run of this size is already exceptional. */
  maxRows: 200_000,
  /** Bytes of the file itself. */
  maxFileBytes: 256 * 1024 * 1024,
  /** Bytes of XML a workbook may inflate to, all parts together. */
  maxUncompressedBytes: 1024 * 1024 * 1024,
  /**
   * Inflated bytes per byte of the whole file. Real workbooks stay well under 30 (XML of repetitive
   * rows compresses well); a zip bomb reaches thousands.
   */
  maxCompressionRatio: 100,
  /**
   * Characters of one cell: Excel's own limit. A longer cell is not refused: it becomes an issue
   * at its cell and its value is not used (sheet-types.ts, textCell), as a script or a database
   * export can write one, and the rest of the file is worth importing.
   */
  maxCellChars: 32_767,
  /**
   * Characters one cell may take in the file before the file is refused: a .csv's raw text (a
   * quote written twice counts twice), an .xlsx's XML (tags and escapes included, as bytes:
   * xml-chunks.ts). Between maxCellChars and this a cell is an issue; past it no program that
   * makes spreadsheets wrote it (a quote never closed, or a file made to fill memory), and
   * reading on would hold it whole, so reading stops at this bound.
   */
  maxRawCellChars: 1024 * 1024,
  /**
   * Characters of text all the cells of the chosen sheet may hold together. Shared strings let
   * one 32,000-character string fill 100,000 cells (3.2 billion characters once expanded).
   */
  maxSheetTextChars: 200_000_000,
  /** Bytes of a workbook's shared strings part. */
  maxSharedStringsBytes: 64 * 1024 * 1024,
} as const;

export type SheetLimits = { [K in keyof typeof SHEET_LIMITS]: number };
