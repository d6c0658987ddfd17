// The file side of every sheet the app writes: the format chosen by the file name, xlsx through
// exceljs's streaming writer and CSV through a plain file stream, both with backpressure so a
// 100,000-row export never sits in memory. Each file is written under a temporary name beside
// the target and renamed into place once complete: a finance person never opens half an
// export, and an export that fails leaves an earlier file of the same name untouched.
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, type WriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { basename, dirname, extname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { DeskError } from '../../../../shared/desk/errors';
import { UTF8_BOM } from './safe-text';

export type ExportFormat = 'xlsx' | 'csv';
export const EXPORT_EXTENSIONS = ['.xlsx', '.csv'] as const;

/** An export that could not be written; nothing was left at the target path. */
export class SheetExportError extends Error {
  constructor(
    readonly code: 'unsupported_format' | 'write_failed',
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'SheetExportError';
  }
}

/** The format a path asks for, by its extension; any other extension is refused by name. */
export function exportFormat(path: string): ExportFormat {
  const extension = extname(path).toLowerCase();
  if (extension === '.xlsx') return 'xlsx';
  if (extension === '.csv') return 'csv';
  throw new SheetExportError(
    'unsupported_format',
    `cannot write "${basename(path)}": the file name must end in ${EXPORT_EXTENSIONS.join(' or ')}`,
  );
}

/** Writes through `write` to a temporary file beside `path`, then renames it into place. */
export async function writeAtomically(
  path: string,
  write: (temporaryPath: string) => Promise<void>,
): Promise<void> {
  const temporary = join(
    dirname(path),
    `.${basename(path)}.${randomBytes(4).toString('hex')}.partial`,
  );
  try {
    await write(temporary);
    await rename(temporary, path);
  } catch (error) {
    // Where the temporary file could not be made (its folder a file), nor can it be removed:
    // the write's own failure is the one to say.
    await rm(temporary, { force: true }).catch(() => undefined);
    // The desk's own errors come from the rows it hands the writer (a cancelled export): they
    // are not the file's, and a cancel must read as one, not as "could not write".
    if (error instanceof SheetExportError || error instanceof DeskError) throw error;
    throw new SheetExportError('write_failed', `could not write ${path}: ${whyNot(error, path)}`, {
      cause: error,
    });
  }
}

/**
 * Why a file could not be written, in words a person can act on. Node's own messages name the
 * temporary file (`.results.xlsx.1a2b3c4d.partial`), which the person never asked for.
 */
function whyNot(error: unknown, path: string): string {
  const folder = dirname(path);
  switch ((error as NodeJS.ErrnoException).code) {
    case 'ENOENT':
      // A folder that is there but takes no new file (/proc) is not one that does not exist.
      return existsSync(folder)
        ? `no file can be made in ${folder}: choose another folder`
        : `the folder ${folder} does not exist: create it, or choose another folder`;
    case 'ENOTDIR':
      return `${folder} is not a folder: choose a folder to write into`;
    case 'EACCES':
    case 'EPERM':
      return `there is no permission to write in ${folder}: choose another folder`;
    case 'EISDIR':
      return `${path} is a folder: give a file name ending in ${EXPORT_EXTENSIONS.join(' or ')}`;
    case 'ENOSPC':
      return 'the disk is full: free some space, or choose another disk';
    case 'EROFS':
      return `${folder} is on a read-only disk: choose another folder`;
    default: {
      const message = error instanceof Error ? error.message : String(error);
      return message.replace(/\S*\.partial'?/g, path);
    }
  }
}

/** Writes a UTF-8 CSV with a BOM (so Excel does not read it as the local code page). */
export async function writeCsvFile(path: string, lines: AsyncIterable<string>): Promise<void> {
  await writeAtomically(path, async (temporary) => {
    const file = createWriteStream(temporary);
    await pipeline(Readable.from(withBom(lines)), file);
    await closed(file);
  });
}

async function* withBom(lines: AsyncIterable<string>): AsyncGenerator<string> {
  yield UTF8_BOM;
  yield* lines;
}

export type XlsxStreamWriter = ExcelJS.stream.xlsx.WorkbookWriter;

/**
 * Writes an xlsx with exceljs's streaming writer; `fill` adds sheets and commits each row.
 * Styles are on (number and date formats need them); shared strings are off, because exceljs
 * keeps the shared string table in memory until the end.
 */
export async function writeXlsxFile(
  path: string,
  fill: (workbook: XlsxStreamWriter) => Promise<void>,
): Promise<void> {
  await writeAtomically(path, async (temporary) => {
    const file = createWriteStream(temporary);
    // exceljs listens for the stream's errors only when it finalises: until then a failed
    // write (disk full, folder gone) would be an unhandled 'error' event that ends the process.
    const failed = new Promise<never>((_, reject) => file.once('error', reject));
    failed.catch(() => undefined);
    try {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: file,
        useStyles: true,
        useSharedStrings: false,
      });
      const work = fill(workbook).then(() => workbook.commit());
      // Whichever of the two loses the race must not end as an unhandled rejection.
      work.catch(() => undefined);
      await Promise.race([work, failed]);
      await closed(file);
    } finally {
      if (!file.closed) {
        file.destroy();
        await closed(file);
      }
    }
  });
}

/**
 * Waits for the file's descriptor to be closed: Windows refuses to rename an open file, and
 * 'finish' comes before the close.
 */
async function closed(file: WriteStream): Promise<void> {
  if (!file.closed) await once(file, 'close');
}

/**
 * Lets the event loop run once every `every` rows. exceljs commits a row synchronously into a
 * buffer that the zip and the file stream drain on later turns of the loop; a producer that
 * never yields (a plain array, or an async iterable that resolves at once) would otherwise
 * fill that buffer with the whole sheet. Measured on 400,000 rows: every 1,000 rows the
 * buffer still grows with the sheet, every 100 it stays flat, at no cost in time.
 */
export function breather(every = 100): () => Promise<void> {
  let count = 0;
  return async () => {
    count += 1;
    if (count % every === 0) await new Promise((resolve) => setImmediate(resolve));
  };
}

/** Any iterable as an async one, so the writers have one loop for both. */
export async function* asAsync<T>(items: AsyncIterable<T> | Iterable<T>): AsyncGenerator<T> {
  yield* items;
}
