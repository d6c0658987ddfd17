// The sheet importer and the sheets the app writes: the one entry for code outside this folder
// (README.md). Sheets in: a file into a batch of drafts. Sheets out: the template, a batch's
// results and a wallet statement, as .xlsx or .csv.
export {
  importSheet,
  ImportCancelledError,
  type SheetImportRequest,
  type SheetImportSummary,
} from './drafting/sheet-import';
export type { ImportDefaults } from './drafting/row-to-draft';
export { removeAppendedRows } from './drafting/batch-append';
export { batchChecks } from './drafting/batch-checks';
export { readableFileSize } from './reading/file-kind';
export { SheetFileError } from './reading/sheet-types';
export { FIELDS } from './understanding/fields';
export { exportFormat, SheetExportError, type ExportFormat } from './writing/export-writers';
export { writeTemplateCsv, writeTemplateWorkbook } from './writing/template-workbook';
export { exampleTemplateRows } from './writing/template-examples';
export { batchResults, type BatchSheetSource } from './writing/batch-results';
export { resultRow } from './writing/result-rows';
export { writeResults } from './writing/results-export';
export { writeStatement } from './writing/statement-export';
export { writeAuditLog, type AuditExportRow } from './writing/audit-export';
export {
  inspectSheet,
  PREVIEW_ROWS,
  type SheetInspectionRequest,
} from './drafting/sheet-inspection';
