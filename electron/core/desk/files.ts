// Files the desk writes: never over one that exists unless asked, and only in a format it knows.
import { access } from 'node:fs/promises';
import { DeskError } from '../../../shared/desk/errors';
import { exportFormat, SheetExportError, type ExportFormat } from '../sheets';

/** A file that exists is replaced only when the caller says so. */
export async function refuseToReplace(file: string, force: boolean): Promise<void> {
  const taken = await access(file).then(
    () => true,
    () => false,
  );
  if (taken && !force) {
    throw new DeskError('conflict', `${file} already exists: choose another name, or replace it`, {
      file,
    });
  }
}

/** The format a file name asks for; any other is refused, naming the two. */
export function formatOf(file: string): ExportFormat {
  try {
    return exportFormat(file);
  } catch (error) {
    if (error instanceof SheetExportError) throw new DeskError('invalid_input', error.message);
    throw error;
  }
}
