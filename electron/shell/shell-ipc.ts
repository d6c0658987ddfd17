// The shell's own IPC, main's side: the native open and save dialogs, showing an export in its
// folder, and the busy flag. Every message's sender is checked as for desk calls; every
// argument is checked before it is used.
import { basename, extname, join } from 'node:path';
import type { BrowserWindow, Dialog, IpcMain, Shell } from 'electron';
import {
  SHELL_CHOOSE_SHEET,
  SHELL_EXPORT_TARGET,
  SHELL_EXPORT_WRITTEN,
  SHELL_SET_BUSY,
} from './channels';
import { ForeignSender, fromApp } from './desk-ipc';

/**
 * What the importer reads (core/sheets/reading/file-kind.ts tells them by their bytes): .xlsx
 * workbooks and delimited text. "All files" stays, so that an .xls or a CSV a gateway named
 * .dat can be picked and gets the importer's own explanation, not a silent filter.
 */
export const SHEET_FILTERS = [
  { name: 'Spreadsheets (.xlsx, .csv)', extensions: ['xlsx', 'csv', 'tsv', 'txt'] },
  { name: 'All files', extensions: ['*'] },
];

const EXPORT_FILTERS: Record<string, { name: string; extensions: string[] }> = {
  '.xlsx': { name: 'Excel workbook', extensions: ['xlsx'] },
  '.csv': { name: 'CSV', extensions: ['csv'] },
};

export interface ShellIpcDeps {
  ipcMain: IpcMain;
  window: BrowserWindow;
  dialog: Pick<Dialog, 'showOpenDialog' | 'showSaveDialog'>;
  shell: Pick<Shell, 'showItemInFolder'>;
  /** Where the save dialog starts. */
  documents: string;
  setBusy(busy: boolean): void;
}

export function registerShellIpc(deps: ShellIpcDeps): void {
  const { ipcMain, window, dialog, shell } = deps;
  // Only a path this window was given by the save dialog is shown in its folder.
  const exports = new Set<string>();

  ipcMain.handle(SHELL_CHOOSE_SHEET, async (event) => {
    if (!fromApp(event, window)) throw new ForeignSender(SHELL_CHOOSE_SHEET);
    const chosen = await dialog.showOpenDialog(window, {
      title: 'Import sheet',
      properties: ['openFile'],
      filters: SHEET_FILTERS,
    });
    return chosen.canceled ? null : (chosen.filePaths[0] ?? null);
  });

  ipcMain.handle(SHELL_EXPORT_TARGET, async (event, suggested: unknown) => {
    if (!fromApp(event, window)) throw new ForeignSender(SHELL_EXPORT_TARGET);
    const name = fileName(suggested);
    const filter = EXPORT_FILTERS[extname(name).toLowerCase()];
    const chosen = await dialog.showSaveDialog(window, {
      title: 'Export',
      defaultPath: join(deps.documents, name),
      ...(filter ? { filters: [filter] } : {}),
    });
    if (chosen.canceled || !chosen.filePath) return null;
    exports.add(chosen.filePath);
    return chosen.filePath;
  });

  ipcMain.handle(SHELL_EXPORT_WRITTEN, (event, path: unknown) => {
    if (!fromApp(event, window)) throw new ForeignSender(SHELL_EXPORT_WRITTEN);
    if (typeof path === 'string' && exports.has(path)) shell.showItemInFolder(path);
  });

  ipcMain.on(SHELL_SET_BUSY, (event, busy: unknown) => {
    if (fromApp(event, window) && typeof busy === 'boolean') deps.setBusy(busy);
  });
}

/** A suggested export name as a file name only: any folder in it is dropped. */
export function fileName(suggested: unknown): string {
  const name = typeof suggested === 'string' ? basename(suggested.replace(/\\/g, '/')) : '';
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200);
  return clean === '' || clean === '.' || clean === '..' ? 'export.xlsx' : clean;
}
