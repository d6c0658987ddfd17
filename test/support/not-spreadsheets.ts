// Files that are named .xlsx but are not workbooks: what people pick by mistake.
import { strToU8, zipSync } from 'fflate';

/** A real 1×1 PNG (signature 89 50 4E 47 0D 0A 1A 0A), to be saved under an .xlsx name. */
export function pngBytes(): Uint8Array {
  return Uint8Array.from(
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ),
  );
}

/** A CSV export, to be saved under an .xlsx name. */
export function textBytes(): Uint8Array {
  return strToU8('Payee,IBAN,Amount\r\nMüller GmbH,DE89370400440532013000,980.50\r\n');
}

/** A valid zip holding only readme.txt: no [Content_Types].xml, no xl/workbook.xml. */
export function zipWithoutWorkbookBytes(): Uint8Array {
  return zipSync(
    { 'readme.txt': strToU8('Payout instructions are in the attached spreadsheet.\n') },
    { mtime: new Date(2030, 0, 1) },
  );
}
