// The hand-written workbooks that test/fixtures/sheets/README.md describes cell by cell: each
// function returns a spec for buildXlsx/writeXlsx, so a test may also vary one detail.
import { dateSerial, row, STYLE, type XlsxSpec } from './xlsx-by-hand';

const JAN_31_2030 = dateSerial('2030-01-31');
const bold = (v: string) => ({ t: 's' as const, v, s: STYLE.bold });

/** One sheet "Cases": column A names the case, column B holds the cell under test. */
export function cellTypesWorkbook(): XlsxSpec {
  return {
    // Index 0 is rich text: three runs that read as one name.
    sharedStrings: [
      [
        { text: 'Zoë ', bold: true },
        { text: 'Ashworth' },
        { text: '-Łukasiewicz', italic: true, color: 'FFC00000' },
      ],
    ],
    sheets: [
      {
        name: 'Cases',
        rows: [
          row(1, [bold('Case'), bold('Value')]),
          row(2, ['shared string', 'Müller GmbH']),
          row(3, ['number', 1234.5]),
          row(4, ['digits in a text-formatted cell', { t: 's', v: '012345', s: STYLE.text }]),
          row(5, ['inline string with spaces', { t: 'inlineStr', v: '  Zoë  ' }]),
          row(6, ['boolean', true]),
          row(7, ['error', { t: 'e', v: '#N/A' }]),
          row(8, ['formula, cached number', { f: 'B3*2', v: 2469 }]),
          row(9, ['formula, cached string', { t: 'str', f: 'UPPER(B2)', v: 'MÜLLER GMBH' }]),
          row(10, ['formula, no cached value', { f: 'SUM(B3,B8)' }]),
          row(11, ['formula, cached error', { t: 'e', f: '1/0', v: '#DIV/0!' }]),
          row(12, ['date, numFmt 14', { v: JAN_31_2030, s: STYLE.date }]),
          row(13, ['date, numFmt 164 dd/mm/yyyy', { v: JAN_31_2030, s: STYLE.ddmmyyyy }]),
          row(14, ['rich text', { t: 's', v: 0 }]),
          row(15, ['number, #,##0.00', { v: 1234.5, s: STYLE.money }]),
          row(16, ['external hyperlink', 'Invoice 2030-001']),
          row(17, ['internal hyperlink', 'Back to the top']),
        ],
        hyperlinks: [
          { ref: 'B16', url: 'https://invoices.example.com/2030-001' },
          { ref: 'B17', location: "'Cases'!A1" },
        ],
      },
    ],
  };
}

/** "Payments": Pay (column D) is one shared formula Hours × Rate, written once in D2. */
export function sharedFormulasWorkbook(): XlsxSpec {
  const dependent = { t: 'shared', si: 0 } as const;
  return {
    sheets: [
      {
        name: 'Payments',
        rows: [
          row(1, ['Payee', 'Hours', 'Rate', 'Pay']),
          row(2, [
            'Oliver Bennett',
            37.5,
            18,
            { f: { t: 'shared', ref: 'D2:D5', si: 0, text: 'B2*C2' }, v: 675 },
          ]),
          row(3, ['Priya Raghunathan', 40, 20.5, { f: dependent, v: 820 }]),
          row(4, ['José Ñúñez', 12.25, 16, { f: dependent, v: 196 }]),
          row(5, ['王小明', 8, 22.75, { f: dependent, v: 182 }]),
        ],
      },
    ],
  };
}

/**
 * A hidden first sheet "Lookups", then "Payments" with a title merged across A1:D1, the
 * helper column C hidden, and row 7 hidden.
 */
export function hiddenAndMergedWorkbook(): XlsxSpec {
  return {
    sheets: [
      {
        name: 'Lookups',
        state: 'hidden',
        rows: [row(1, ['Sort code', 'Bank']), row(2, ['601613', 'NatWest'])],
      },
      {
        name: 'Payments',
        merges: ['A1:D1'],
        cols: [
          { min: 1, max: 2, width: 24 },
          { min: 3, max: 3, width: 10, hidden: true },
          { min: 4, max: 4, width: 14 },
        ],
        rows: [
          row(1, ['Supplier run — March 2030']),
          row(2, ['Payee', 'Sort Code', 'Helper', 'Amount'].map(bold)),
          row(3, ['Harbour Cleaning Ltd', '200000', 'HARB', 640]),
          row(4, ['Northwind Couriers', '401276', 'NORT', 1285.3]),
          row(5, ['Brightside Stationery', '601613', 'BRIG', 89.99]),
          row(6, ['Evergreen Tutoring', '309634', 'EVER', 2400]),
          row(7, ['Old Supplier (closed)', '010203', 'OLDS', 999.99], { hidden: true }),
          row(8, ['Fairview Analytics', '110011', 'FAIR', 1050]),
        ],
      },
    ],
  };
}

/**
 * The 1904 date system: the serials of "Pay Date" count from 1904-01-01. `date1904="1"` as
 * Excel writes it, or `date1904="true"` as LibreOffice does.
 */
export function date1904Workbook(attribute: '1' | 'true' = '1'): XlsxSpec {
  const date = (iso: string) => ({ v: dateSerial(iso, { date1904: true }), s: STYLE.ddmmyyyy });
  return {
    date1904: attribute === '1' ? true : 'true',
    sheets: [
      {
        name: 'Payments',
        rows: [
          row(1, ['Payee', 'Amount', 'Pay Date']),
          row(2, ['Oliver Bennett', 2450, date('2030-01-31')]),
          row(3, ['Émilie Dubois', 1875.5, date('2030-02-28')]),
        ],
      },
    ],
  };
}

/**
 * The same small list zipped in either order: 'sheets-first' (Excel's, sharedStrings after
 * the sheet) or 'shared-strings-first'. A reader must read the same values from both.
 */
export function entryOrderWorkbook(order: 'sheets-first' | 'shared-strings-first'): XlsxSpec {
  return {
    entryOrder: order,
    sheets: [
      {
        name: 'Payments',
        rows: [
          row(1, ['Payee', 'IBAN', 'Amount']),
          row(2, ['Müller GmbH', 'DE89370400440532013000', 980.5]),
          row(3, ['Café Olé SARL', 'BE68539007547034', 12345]),
          row(4, ['Van den Berg BV', 'NL91ABNA0417164300', 2500.5]),
        ],
      },
    ],
  };
}
