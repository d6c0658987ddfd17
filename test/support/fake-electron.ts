// Stand-ins for Electron's objects, at its edge: the binary cannot run here, so the shell's
// decisions are exercised against these, which record what was asked of them.
import { EventEmitter } from 'node:events';
import type { BrowserWindow, IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { APP_ENTRY } from '../../electron/shell/app-origin';

export class FakeWebContents extends EventEmitter {
  sent: Array<[string, unknown]> = [];
  openHandler?: (details: { url: string }) => { action: string };
  mainFrame = { url: APP_ENTRY, parent: null };
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.openHandler = handler;
  }
  send(channel: string, value: unknown) {
    this.sent.push([channel, value]);
  }
  /** Emits a navigation-like event and says whether a listener refused it. */
  tries(event: string, url: string): boolean {
    let prevented = false;
    this.emit(event, { url, preventDefault: () => (prevented = true) });
    return prevented;
  }
}

export class FakeWindow extends EventEmitter {
  webContents = new FakeWebContents();
  destroyed = false;
  isDestroyed() {
    return this.destroyed;
  }
  asWindow() {
    return this as unknown as BrowserWindow;
  }
}

type Handler = (event: unknown, ...args: unknown[]) => unknown;

export class FakeIpcMain {
  handlers = new Map<string, Handler>();
  listeners = new Map<string, Handler>();
  handle(channel: string, handler: Handler) {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    this.handlers.set(channel, handler);
  }
  on(channel: string, listener: Handler) {
    this.listeners.set(channel, listener);
  }
  asIpcMain() {
    return this as unknown as IpcMain;
  }
  invoke(channel: string, event: unknown, ...args: unknown[]): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`no handler for ${channel}`);
    return Promise.resolve().then(() => handler(event, ...args));
  }
}

/** An IPC event as Electron gives it, from `window`'s top frame at `url` unless told otherwise. */
export function ipcEvent(
  window: FakeWindow,
  url = APP_ENTRY,
  { subFrame = false, sender }: { subFrame?: boolean; sender?: unknown } = {},
): IpcMainInvokeEvent {
  return {
    sender: (sender ?? window.webContents) as WebContents,
    senderFrame: { url, parent: subFrame ? {} : null },
  } as unknown as IpcMainInvokeEvent;
}
