// The XML of each SpreadsheetML part for xlsx-by-hand.ts, kept as literal templates so a
// reviewer can hold them against ECMA-376 Part 1, §18 (SpreadsheetML) and Part 2 (packaging).
import type {
  CellSpec,
  FormulaSpec,
  RichRun,
  RowSpec,
  SharedString,
  SheetSpec,
} from './xlsx-by-hand';

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Styles whose cellXfs are the STYLE indexes of xlsx-by-hand.ts. */
export const STYLES_XML = `${XML_DECL}<styleSheet xmlns="${MAIN_NS}">
<numFmts count="1"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/></numFmts>
<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>
<fills count="3"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill><fill><patternFill patternType="solid"><fgColor rgb="FFFFF2CC"/><bgColor indexed="64"/></patternFill></fill></fills>
<borders count="2"><border><left/><right/><top/><bottom/><diagonal/></border><border><left style="thin"/><right style="thin"/><top style="thin"/><bottom style="thin"/><diagonal/></border></borders>
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>
<cellXfs count="7">
<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>
<xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>
<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>
<xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>
<xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>
<xf numFmtId="0" fontId="0" fillId="2" borderId="1" xfId="0" applyFill="1" applyBorder="1"/>
<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>
</cellXfs>
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>
</styleSheet>`;

/** Escapes text for an XML attribute or element. */
export function xmlEscape(text: string): string {
  return text.replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!,
  );
}

/** `<t>`, keeping leading and trailing spaces and line breaks as Excel does. */
function textElement(text: string): string {
  const preserve = /^\s|\s$|\n/.test(text) ? ' xml:space="preserve"' : '';
  return `<t${preserve}>${xmlEscape(text)}</t>`;
}

export class SharedStrings {
  readonly items: SharedString[];
  private readonly indexOfPlain = new Map<string, number>();

  constructor(preset: SharedString[]) {
    this.items = [...preset];
    this.items.forEach((item, index) => {
      if (typeof item === 'string' && !this.indexOfPlain.has(item))
        this.indexOfPlain.set(item, index);
    });
  }

  indexOf(text: string): number {
    let index = this.indexOfPlain.get(text);
    if (index === undefined) {
      index = this.items.push(text) - 1;
      this.indexOfPlain.set(text, index);
    }
    return index;
  }

  toXml(references: number): string {
    const items = this.items.map((item) =>
      typeof item === 'string'
        ? `<si>${textElement(item)}</si>`
        : `<si>${item.map(runXml).join('')}</si>`,
    );
    return `${XML_DECL}<sst xmlns="${MAIN_NS}" count="${references}" uniqueCount="${this.items.length}">${items.join('')}</sst>`;
  }
}

function runXml(run: RichRun): string {
  const properties = [
    run.bold ? '<b/>' : '',
    run.italic ? '<i/>' : '',
    run.color ? `<color rgb="${run.color}"/>` : '',
  ].join('');
  return `<r>${properties ? `<rPr>${properties}</rPr>` : ''}${textElement(run.text)}</r>`;
}

function formulaXml(f: FormulaSpec): string {
  if (typeof f === 'string') return `<f>${xmlEscape(f)}</f>`;
  const attributes = `t="shared"${f.ref ? ` ref="${f.ref}"` : ''} si="${f.si}"`;
  return f.text === undefined ? `<f ${attributes}/>` : `<f ${attributes}>${xmlEscape(f.text)}</f>`;
}

function cellXml(cell: CellSpec, strings: SharedStrings, counter: { references: number }): string {
  const attributes = `r="${cell.ref}"${cell.s === undefined ? '' : ` s="${cell.s}"`}${cell.t ? ` t="${cell.t}"` : ''}`;
  const formula = cell.f === undefined ? '' : formulaXml(cell.f);
  let value = '';
  if (cell.t === 'inlineStr') {
    value = `<is>${textElement(String(cell.v ?? ''))}</is>`;
  } else if (cell.v !== undefined) {
    let v = cell.v;
    if (cell.t === 's') {
      counter.references += 1;
      if (typeof v === 'string') v = strings.indexOf(v);
    }
    if (typeof v === 'boolean') v = v ? 1 : 0;
    value = `<v>${xmlEscape(String(v))}</v>`;
  }
  return `<c ${attributes}>${formula}${value}</c>`;
}

function dimensionOf(rows: RowSpec[]): string | undefined {
  const refs = rows.flatMap((r) => r.cells.map((c) => /^([A-Z]+)(\d+)$/.exec(c.ref)));
  const parsed = refs.flatMap((m) => (m ? [{ col: m[1]!, row: Number(m[2]) }] : []));
  if (parsed.length === 0) return undefined;
  const byWidth = (a: string, b: string) => a.length - b.length || a.localeCompare(b);
  const cols = parsed.map((p) => p.col).sort(byWidth);
  const rowNumbers = parsed.map((p) => p.row);
  return `${cols[0]}${Math.min(...rowNumbers)}:${cols.at(-1)}${Math.max(...rowNumbers)}`;
}

export function worksheetXml(
  sheet: SheetSpec,
  strings: SharedStrings,
  counter: { references: number },
) {
  const rows = sheet.rows;
  const sheetData =
    typeof rows === 'string'
      ? rows
      : rows
          .map((r) => {
            const hidden = r.hidden ? ' hidden="1"' : '';
            return `<row r="${r.r}"${hidden}>${r.cells.map((c) => cellXml(c, strings, counter)).join('')}</row>`;
          })
          .join('');
  const dimension = sheet.dimension ?? (typeof rows === 'string' ? undefined : dimensionOf(rows));
  const cols = (sheet.cols ?? []).map(
    (c) =>
      `<col min="${c.min}" max="${c.max}" width="${c.width ?? 12}"${c.width ? ' customWidth="1"' : ''}${c.hidden ? ' hidden="1"' : ''}/>`,
  );
  const merges = sheet.merges ?? [];
  let externalLinks = 0;
  const links = (sheet.hyperlinks ?? []).map((link) =>
    'url' in link
      ? `<hyperlink ref="${link.ref}" r:id="rId${++externalLinks}"/>`
      : `<hyperlink ref="${link.ref}" location="${xmlEscape(link.location)}"/>`,
  );
  // CT_Worksheet is a sequence: Excel refuses a file whose elements come in another order.
  return [
    `${XML_DECL}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">`,
    dimension ? `<dimension ref="${dimension}"/>` : '',
    cols.length ? `<cols>${cols.join('')}</cols>` : '',
    `<sheetData>${sheetData}</sheetData>`,
    merges.length
      ? `<mergeCells count="${merges.length}">${merges.map((m) => `<mergeCell ref="${m}"/>`).join('')}</mergeCells>`
      : '',
    links.length ? `<hyperlinks>${links.join('')}</hyperlinks>` : '',
    '</worksheet>',
  ].join('');
}

export function relationshipsXml(
  relations: { id: string; type: string; target: string; external?: boolean }[],
) {
  const items = relations.map(
    (rel) =>
      `<Relationship Id="${rel.id}" Type="${REL_NS}/${rel.type}" Target="${xmlEscape(rel.target)}"${rel.external ? ' TargetMode="External"' : ''}/>`,
  );
  return `${XML_DECL}<Relationships xmlns="${PKG_REL_NS}">${items.join('')}</Relationships>`;
}

/** xl/workbook.xml: the sheets in order, each pointing at relationship rId<position>. */
export function workbookXml(sheets: SheetSpec[], date1904: '1' | 'true' | undefined): string {
  const items = sheets.map(
    (sheet, i) =>
      `<sheet name="${xmlEscape(sheet.name)}" sheetId="${i + 1}"${sheet.state ? ` state="${sheet.state}"` : ''} r:id="rId${i + 1}"/>`,
  );
  const properties = date1904 ? `<workbookPr date1904="${date1904}"/>` : '<workbookPr/>';
  return `${XML_DECL}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">${properties}<bookViews><workbookView/></bookViews><sheets>${items.join('')}</sheets></workbook>`;
}

/** [Content_Types].xml, from [part name, SpreadsheetML content type suffix] pairs. */
export function contentTypesXml(overrides: [string, string][]): string {
  const items = overrides.map(
    ([part, type]) =>
      `<Override PartName="${part}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.${type}"/>`,
  );
  return `${XML_DECL}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${items.join('')}</Types>`;
}
