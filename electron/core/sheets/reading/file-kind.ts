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
  const size = await readableFileSize(path);
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

/**
 * The size of a file that can be read, or why it cannot, said so that a person can act: a
 * folder, a path that is not there, a file they may not read or another program holds locked
 * (Excel does, on Windows, while a workbook is open), instead of the system's EISDIR or EACCES.
 */
export async function readableFileSize(path: string): Promise<number> {
  try {
    const info = await stat(path);
    if (info.isDirectory()) {
      throw new SheetFileError(
        'not_a_spreadsheet',
        `${path} is a folder, not a spreadsheet file: give the path of an .xlsx or .csv file`,
      );
    }
    await (await open(path, 'r')).close();
    return info.size;
  } catch (error) {
    if (error instanceof SheetFileError) throw error;
    throw unreadable(path, (error as NodeJS.ErrnoException).code);
  }
}

function unreadable(path: string, code: string | undefined): SheetFileError {
  switch (code) {
    case 'ENOENT':
    case 'ENOTDIR':
      return new SheetFileError('unreadable', `there is no file ${path}: check the path`);
    case 'EACCES':
    case 'EPERM':
      return new SheetFileError(
        'unreadable',
        `${path} cannot be read: you are not allowed to read it. Check its permissions, or save a copy you can read and import that`,
      );
    case 'EBUSY':
      return new SheetFileError(
        'unreadable',
        `${path} is locked by another program (Excel, while it has the file open): close it there and import again`,
      );
    default:
      return new SheetFileError(
        'unreadable',
        `${path} cannot be read (${code ?? 'unknown error'})`,
      );
  }
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
