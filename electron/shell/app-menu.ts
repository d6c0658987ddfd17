// The application menu: the usual roles and accelerators of each platform, and File › Import
// sheet… (Ctrl/Cmd+O), which the page handles as its own `Import sheet` button. Reload and the
// developer tools only in development: in the packaged app a reload would drop a running job's
// progress from the screen, and the tools would open the page to anyone at the keyboard.
import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  importSheet(): void;
}

export function menuTemplate(
  actions: MenuActions,
  { platform, dev }: { platform: NodeJS.Platform; dev: boolean },
): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  const file: MenuItemConstructorOptions = {
    label: '&File',
    submenu: [
      { label: 'Import sheet…', accelerator: 'CmdOrCtrl+O', click: () => actions.importSheet() },
      { type: 'separator' },
      mac ? { role: 'close' } : { role: 'quit' },
    ],
  };
  const edit: MenuItemConstructorOptions = {
    label: '&Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      { role: 'selectAll' },
    ],
  };
  const view: MenuItemConstructorOptions = {
    label: '&View',
    submenu: [
      ...(dev
        ? ([
            { role: 'reload' },
            { role: 'toggleDevTools' },
            { type: 'separator' },
          ] satisfies MenuItemConstructorOptions[])
        : []),
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };
  const window: MenuItemConstructorOptions = { role: 'windowMenu' };
  const help: MenuItemConstructorOptions = {
    role: 'help',
    submenu: [{ role: 'about' }],
  };
  return [...(mac ? [{ role: 'appMenu' } as const] : []), file, edit, view, window, help];
}
