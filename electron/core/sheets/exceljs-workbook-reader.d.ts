// exceljs's streaming workbook reader as a module of its own (exceljs 4.4.0, pinned). Its entry
// point also loads the in-memory workbook and both writers, which the reading worker never uses
// and would pay for at every start.
declare module 'exceljs/lib/stream/xlsx/workbook-reader.js' {
  import type ExcelJS from 'exceljs';

  const WorkbookReader: typeof ExcelJS.stream.xlsx.WorkbookReader;
  export default WorkbookReader;
}
