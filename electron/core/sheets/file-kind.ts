// What a file is, from its first bytes rather than its name: people rename files, and mail
// gateways add .xlsx to CSVs. Old .xls files and password-protected workbooks are both OLE2
// compound files; the name of the stream inside tells them apart.
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { SheetFileError } from './sheet-types';
import type { SheetLimits } from './limits';

export type FileKind = 'xlsx' | 'text';

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP = [0x50, 0x4b, 0x05, 0x06];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** "EncryptionInfo" in UTF-16LE: the stream Excel writes into a password-protected .xlsx. */
const ENCRYPTION_INFO = Buffer.from('EncryptionInfo', 'utf16le');

const startsWith = (bytes: Uint8Array, magic: number[]) =>
  magic.every((byte, index) => bytes[index] === byte);

export async function sniffFileKind(path: string, limits: SheetLimits): Promise<FileKind> {
  const size = await stat(path).then(
    (info) => info.size,
    () => {
      throw new SheetFileError('unreadable', `${path} cannot be opened: check the path`);
    },
  );
  if (size > limits.maxFileBytes) {
    throw new SheetFileError(
      'too_large',
      `the file has ${megabytes(size)}; the importer takes files up to ${megabytes(limits.maxFileBytes)}: split the list into several files`,
    );
  }
  const head = await readHead(path, 8);
  if (startsWith(head, ZIP)) return 'xlsx';
  if (startsWith(head, EMPTY_ZIP)) {
    throw new SheetFileError(
      'not_a_spreadsheet',
      'the file is an empty zip archive, not a workbook',
    );
  }
  if (startsWith(head, OLE2)) {
    // The directory of names can sit anywhere in the file: search it as it streams.
    if (await holds(path, ENCRYPTION_INFO)) {
      throw new SheetFileError(
        'password_protected',
        'the workbook is protected with a password: open it in Excel, remove the password (File > Info > Protect Workbook), save, and import again',
      );
    }
    throw new SheetFileError(
      'legacy_xls',
      'this is an Excel 97-2003 workbook (.xls): open it in Excel or LibreOffice and save it as .xlsx, then import again',
    );
  }
  return 'text';
}

async function readHead(path: string, length: number): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const buffer = new Uint8Array(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Whether the file holds `needle`, read in chunks that overlap by the needle's length. */
async function holds(path: string, needle: Buffer): Promise<boolean> {
  let tail = Buffer.alloc(0);
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 })) {
    const window = Buffer.concat([tail, chunk as Buffer]);
    if (window.includes(needle)) return true;
    tail = window.subarray(window.length - needle.length + 1);
  }
  return false;
}

export function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
