// electron/main.ts with 'electron' mocked at its edge (the binary cannot run here): one instance,
// the app:// scheme, one window whose renderer is sandboxed and isolated with the bundled
// preload, permissions refused, every web contents guarded, exactly the shell's IPC handlers,
// the menu's Import sheet, and the core started in a utility process beside main.
import type { EventEmitter } from 'node:events';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { APP_ENTRY } from '../../../electron/shell/app-origin';
import { INVOKE_CHANNELS, SEND_CHANNELS, SHELL_COMMAND } from '../../../electron/shell/channels';
import type { FakeIpcMain } from '../../support/fake-electron';
import { FakeWebContents } from '../../support/fake-electron';

const e = vi.hoisted(() => ({
  userData: '',
  windows: [] as Array<{ options: Record<string, unknown>; loaded: string[]; contents: unknown }>,
  app: undefined as unknown as EventEmitter & Record<string, unknown>,
  schemes: [] as unknown[],
  handled: [] as string[],
  forks: [] as string[],
  menu: [] as Array<Record<string, unknown>>,
  permissions: { request: 0, check: 0 },
}));

vi.mock('electron', async () => {
  const { EventEmitter } = await import('node:events');
  const { FakeIpcMain, FakeWebContents } = await import('../../support/fake-electron');
  const app = Object.assign(new EventEmitter(), {
    isPackaged: true,
    enableSandbox: vi.fn(),
    requestSingleInstanceLock: () => true,
    whenReady: () => Promise.resolve(),
    getPath: (name: string) => join(e.userData, name),
    quit: vi.fn(),
  });
  e.app = app as unknown as EventEmitter & Record<string, unknown>;
  class BrowserWindow extends EventEmitter {
    webContents = new FakeWebContents();
    record: { options: Record<string, unknown>; loaded: string[]; contents: unknown };
    constructor(options: Record<string, unknown>) {
      super();
      this.record = { options, loaded: [], contents: this.webContents };
      e.windows.push(this.record);
    }
    loadURL(url: string) {
      this.record.loaded.push(url);
      return Promise.resolve();
    }
    show() {}
    maximize() {}
    isDestroyed = () => false;
  }
  const port = () => ({ on: vi.fn(), postMessage: vi.fn(), start: vi.fn() });
  return {
    app,
    BrowserWindow,
    ipcMain: new FakeIpcMain(),
    dialog: { showMessageBox: vi.fn(), showOpenDialog: vi.fn(), showSaveDialog: vi.fn() },
    shell: { openExternal: vi.fn(() => Promise.resolve()), showItemInFolder: vi.fn() },
    Menu: {
      buildFromTemplate: (template: Array<Record<string, unknown>>) => (e.menu = template),
      setApplicationMenu: vi.fn(),
    },
    MessageChannelMain: class {
      port1 = port();
      port2 = port();
    },
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown[]) => e.schemes.push(...schemes),
      handle: (scheme: string) => e.handled.push(scheme),
    },
    screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
    session: {
      defaultSession: {
        setPermissionRequestHandler: () => (e.permissions.request += 1),
        setPermissionCheckHandler: () => (e.permissions.check += 1),
        setDevicePermissionHandler: vi.fn(),
      },
    },
    utilityProcess: {
      fork: (path: string) => {
        e.forks.push(path);
        return { postMessage: vi.fn(), once: vi.fn() };
      },
    },
  };
});

let ipcMain: FakeIpcMain;

beforeAll(async () => {
  e.userData = await mkdtemp(join(tmpdir(), 'payout-desk-main-'));
  await import('../../../electron/main');
  ipcMain = (await import('electron')).ipcMain as unknown as FakeIpcMain;
  await vi.waitFor(() => expect(e.windows[0]?.loaded).toEqual([APP_ENTRY]));
});

describe('the main process', () => {
  it('opens one window on app://desk/, its renderer sandboxed and isolated', () => {
    expect(e.windows).toHaveLength(1);
    const prefs = e.windows[0]?.options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(e.app.enableSandbox).toHaveBeenCalled();
  });

  it('gives the window the bundled preload, beside the core process bundle', () => {
    const prefs = e.windows[0]?.options.webPreferences as { preload: string };
    expect(isAbsolute(prefs.preload)).toBe(true);
    expect(prefs.preload.endsWith('preload.cjs')).toBe(true);
    expect(e.forks).toHaveLength(1);
    expect(e.forks[0]?.endsWith('core-process.mjs')).toBe(true);
    expect(dirname(e.forks[0] ?? '')).toBe(dirname(prefs.preload));
  });

  it('serves the app from its own privileged scheme, no wider than it needs', () => {
    expect(e.schemes).toEqual([
      {
        scheme: 'app',
        privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
      },
    ]);
    expect(e.handled).toEqual(['app']);
  });

  it('registers exactly the shell IPC handlers', () => {
    expect([...ipcMain.handlers.keys()].sort()).toEqual([...INVOKE_CHANNELS].sort());
    expect([...ipcMain.listeners.keys()]).toEqual([...SEND_CHANNELS]);
  });

  it('refuses every permission request', () => {
    expect(e.permissions).toEqual({ request: 1, check: 1 });
  });

  it('guards every web contents created, not only the window', () => {
    const contents = new FakeWebContents();
    e.app.emit('web-contents-created', {}, contents);
    expect(contents.tries('will-navigate', 'https://evil.example/')).toBe(true);
    expect(contents.tries('will-navigate', 'app://desk@evil.example/')).toBe(true);
    expect(contents.openHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
  });

  it('has File › Import sheet… on Ctrl/Cmd+O, which tells the page', () => {
    const file = e.menu.find((item) => item.label === '&File') as {
      submenu: Array<{ label?: string; accelerator?: string; click?: () => void }>;
    };
    const item = file.submenu.find((entry) => entry.label === 'Import sheet…');
    expect(item?.accelerator).toBe('CmdOrCtrl+O');
    item?.click?.();
    const contents = e.windows[0]?.contents as FakeWebContents;
    expect(contents.sent).toEqual([[SHELL_COMMAND, 'importSheet']]);
  });

  it('keeps reload and the developer tools out of the packaged app', () => {
    const roles = JSON.stringify(e.menu);
    expect(roles).not.toMatch(/"reload"|toggleDevTools|forceReload/);
    expect(roles).toMatch(/zoomIn/);
  });
});
