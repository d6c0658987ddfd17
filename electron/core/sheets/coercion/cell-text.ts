// Any cell as the text a person sees in it. Every other coercion starts here for text cells, so
// trimming, number display and the refusal of error, formula and overlong cells are decided once.
import { accept, type Coerced, NOTHING, refuse, shortened } from './cell-coerced';
import type { CellValue } from '../reading/sheet-types';

/**
 * The ends of a text cell lose white space (String.prototype.trim's, which includes the
 * no-break space) and the invisible zero-width space, joiners, word joiner and byte order mark
 * that pasted web text carries: "GB\u200B" would otherwise be a different country from "GB".
 * Inner text is kept exactly as written, Unicode normalisation included.
 */
const EDGES = /^[\s\u200B-\u200D\u2060\uFEFF]+|[\s\u200B-\u200D\u2060\uFEFF]+$/g;

export function trimCellText(text: string): string {
  return text.replace(EDGES, '');
}

/**
 * A number as its shortest round-trip decimal, never in exponent form: Excel stores a typed
 * 12345678901 as a number, and String() would show 1e21 as "1e+21" and 1.5e-7 as "1.5e-7".
 * The digits are those of String(), so the decimal is exactly the one the double stands for.
 */
export function plainDecimal(value: number): string {
  const text = String(Math.abs(value));
  const sign = value < 0 ? '-' : '';
  const exponent = /e([+-]\d+)$/.exec(text);
  if (!exponent) return `${sign}${text}`;
  const mantissa = text.slice(0, exponent.index);
  const point = mantissa.indexOf('.');
  const digits = mantissa.replace('.', '');
  const position = (point === -1 ? mantissa.length : point) + Number(exponent[1]);
  if (position <= 0) return `${sign}0.${'0'.repeat(-position)}${digits}`;
  if (position >= digits.length) return `${sign}${digits}${'0'.repeat(position - digits.length)}`;
  return `${sign}${digits.slice(0, position)}.${digits.slice(position)}`;
}

/**
 * A number cell as shown. A format of zeros only ("000000") is how a sheet shows sort codes and
 * account numbers with their leading zeros while storing a number; the person sees the zeros,
 * so they are part of the text. Other formats (decimals, currency) change only the display of
 * a value that the shortest decimal already states exactly.
 */
function numberText(value: number, format: string | undefined): string {
  const text = plainDecimal(value);
  const width = format !== undefined && /^0+$/.test(format) ? format.length : 0;
  return width > 0 && /^\d+$/.test(text) ? text.padStart(width, '0') : text;
}

/**
 * The refusal for a cell nothing can be read from (an error, an unsaved formula, a text longer
 * than a cell can hold), else null. Such a field is unreadable: its value is unknown, so nothing
 * else in the row may stand in for it (../drafting/row-values.ts).
 */
export function unreadableCell(cell: CellValue): { ok: false; message: string } | null {
  if (cell.kind === 'overlong') {
    // Never its start: a name or a reference cut short would be paid as if it were whole.
    return refuse(
      `the cell holds ${count(cell.text.length)} characters, more than the ${count(cell.limit)} a spreadsheet cell can hold: ` +
        'write only the value itself in it, and keep longer notes in another column or file',
    );
  }
  if (cell.kind === 'error') {
    return refuse(
      `the cell shows ${cell.code}, an error instead of a value: correct the formula or type the value`,
    );
  }
  if (cell.kind === 'formula') {
    // Its value is unknown until Excel calculates it: never blank, never filled from elsewhere.
    // A cell sharing another cell's formula does not write the formula out again.
    const formula = cell.formula.replace(/^=/, '');
    return refuse(
      `the cell holds a formula Excel has not calculated${formula === '' ? '' : ` (${shortened(`=${formula}`)})`}; ` +
        'open the file in Excel and save it, or type the value',
    );
  }
  return null;
}

export function cellText(cell: CellValue): Coerced<string> {
  switch (cell.kind) {
    case 'empty':
      return NOTHING;
    case 'text': {
      const text = trimCellText(cell.text);
      return text === '' ? NOTHING : accept(text);
    }
    case 'number':
      return Number.isFinite(cell.value)
        ? accept(numberText(cell.value, cell.format))
        : refuse(`the cell holds ${String(cell.value)}, which is not a number a sheet can show`);
    case 'date':
      return accept(cell.date);
    case 'boolean':
      return accept(cell.value ? 'TRUE' : 'FALSE');
    case 'error':
    case 'formula':
    case 'overlong':
      return unreadableCell(cell) ?? NOTHING;
    default:
      return unknownCell(cell);
  }
}

/**
 * A cell of a kind the readers never produce. The type says this cannot happen; a reader bug
 * still gets a message rather than "[object Object]" in a payee's name.
 */
export function unknownCell(_cell: never): { ok: false; message: string } {
  return refuse('the cell holds a value of a kind that cannot be read: type the value again');
}

function count(n: number): string {
  return n.toLocaleString('en-US');
}
