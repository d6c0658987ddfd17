// The Electron shell's main process, kept thin: it only draws the one window and passes
// messages. The core (SQLite, sheets, sync) runs in a utility process (core-process.ts), so this
// thread never waits on a disk or the network; every decision worth a test lives in shell/.
// Built to dist/app/main.cjs beside preload.cjs and core-process.mjs (scripts/build-app.ts);
// the renderer's files are in dist/renderer.
import { join } from 'node:path';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  MessageChannelMain,
  protocol,
  screen,
  session,
  shell,
  utilityProcess,
} from 'electron';
import type { ShellCommand } from '../shared/desk/shell';
import { menuTemplate } from './shell/app-menu';
import { APP_ENTRY, APP_SCHEME } from './shell/app-origin';
import { SHELL_COMMAND } from './shell/channels';
import { guardClose } from './shell/close-guard';
import { CoreLink } from './shell/core-link';
import { registerDeskIpc } from './shell/desk-ipc';
import { denyPermissions, guardNavigation } from './shell/navigation-guard';
import { serveRenderer } from './shell/renderer-files';
import { registerShellIpc } from './shell/shell-ipc';
import { readBounds, saveBounds } from './shell/window-bounds';
import { windowOptions } from './shell/window-options';

/** dist/app in the built app: the bundles sit side by side. */
const here = __dirname;
const CORE_CLOSE_MS = 10_000;

// Before `ready`: the app's own origin, secure and standard (relative URLs, storage, fetch),
// and no more (no bypassCSP, no corsEnabled: no other origin may read it).
protocol.registerSchemesAsPrivileged([
  {
    scheme: APP_SCHEME,
    privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
  },
]);
// Every renderer sandboxed, whatever created it.
app.enableSandbox();

if (!app.requestSingleInstanceLock()) {
  // Another Payout Desk holds the outbox: it gets the focus (below) and this one leaves.
  app.quit();
} else {
  void app.whenReady().then(start);
}

function start(): void {
  let window: BrowserWindow | undefined;
  let busy = false;
  const core = startCore();

  protocol.handle(APP_SCHEME, serveRenderer(join(here, '..', 'renderer')));
  denyPermissions(session.defaultSession);
  // Any web contents, ours or one that should never exist, stays on the app.
  app.on('web-contents-created', (_event, contents) =>
    guardNavigation(contents, (url) => shell.openExternal(url)),
  );

  const command = (name: ShellCommand) => window?.webContents.send(SHELL_COMMAND, name);
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      menuTemplate(
        { importSheet: () => command('importSheet') },
        { platform: process.platform, dev: !app.isPackaged },
      ),
    ),
  );

  app.on('second-instance', () => {
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  // One window: closing it ends the app, on macOS too (the outbox is then closed cleanly).
  app.on('window-all-closed', () => app.quit());
  // Quitting waits for the core to stop its jobs at a safe point and close the outbox.
  let coreState: 'open' | 'closing' | 'closed' = 'open';
  app.on('will-quit', (event) => {
    if (coreState === 'closed') return;
    event.preventDefault();
    if (coreState === 'closing') return;
    coreState = 'closing';
    void core.close(CORE_CLOSE_MS).then(() => {
      coreState = 'closed';
      app.quit();
    });
  });

  void openWindow().then((opened) => {
    window = opened;
    registerDeskIpc(ipcMain, opened, core);
    registerShellIpc({
      ipcMain,
      window: opened,
      dialog,
      shell,
      documents: app.getPath('documents'),
      setBusy: (value) => (busy = value),
    });
    guardClose(opened, dialog, () => busy);
    return opened.loadURL(APP_ENTRY);
  });
}

/** The core in its own process, on a port of its own. */
function startCore(): CoreLink {
  const child = utilityProcess.fork(join(here, 'core-process.mjs'), [], {
    serviceName: 'Payout Desk core',
    stdio: 'inherit',
  });
  const { port1, port2 } = new MessageChannelMain();
  child.postMessage({ type: 'connect' }, [port2]);
  const core = new CoreLink(port1);
  child.once('exit', () => core.stop());
  return core;
}

async function openWindow(): Promise<BrowserWindow> {
  const boundsFile = join(app.getPath('userData'), 'window-bounds.json');
  const screens = screen.getAllDisplays().map((display) => display.workArea);
  const bounds = await readBounds(boundsFile, screens);
  const window = new BrowserWindow(windowOptions(join(here, 'preload.cjs'), bounds));
  if (bounds?.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());
  window.on('close', () => {
    const saved = { ...window.getNormalBounds(), maximized: window.isMaximized() };
    // The size is a convenience: a disk that refuses it costs the next run its default size.
    void saveBounds(boundsFile, saved).catch(() => undefined);
  });
  return window;
}
