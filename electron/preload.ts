// The sandboxed preload: builds `window.desk`, the DeskBridge of shared/desk/shell.ts, as one
// function per DeskApi method plus the shell's few. The page never gets ipcRenderer, an
// IpcRendererEvent (whose `sender` is ipcRenderer) or any channel of its choosing: each
// function sends on its one fixed channel. Bundled alone as CommonJS (sandboxed preloads load
// no modules but 'electron'), without zod: main checks every input and answer.
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import type { BridgedDeskError } from '../shared/desk/bridge-errors';
import type { DeskReply } from '../shared/desk/errors';
import type { DeskEvent } from '../shared/desk/events';
import { METHOD_NAMES } from '../shared/desk/method-names';
import type { DeskBridge, DeskShell, ShellCommand } from '../shared/desk/shell';
import {
  DESK_CALL,
  DESK_EVENT,
  SHELL_CHOOSE_SHEET,
  SHELL_COMMAND,
  SHELL_EXPORT_TARGET,
  SHELL_EXPORT_WRITTEN,
  SHELL_SET_BUSY,
} from './shell/channels';

/**
 * One method: invoke, then unwrap the reply. contextBridge copies a thrown Error as a bare
 * Error with its message only, so a failure is rejected as the error's plain shape (named
 * 'DeskError', with code, message and details), which crosses whole; the renderer reads it
 * with deskErrorOf (shared/desk/bridge-errors.ts).
 */
const method =
  (name: string) =>
  async (input: unknown): Promise<unknown> => {
    const reply = (await ipcRenderer.invoke(DESK_CALL, name, input)) as DeskReply<unknown>;
    if (reply.ok) return reply.value;
    const { code, message, details } = reply.error;
    const error: BridgedDeskError = {
      name: 'DeskError',
      code,
      message,
      ...(details ? { details } : {}),
    };
    throw error;
  };

/** Listens on one channel, handing the page the message alone, never the IPC event. */
function listen<T>(channel: string, listener: (value: T) => void): () => void {
  const relay = (_event: IpcRendererEvent, value: T) => listener(value);
  ipcRenderer.on(channel, relay);
  return () => {
    ipcRenderer.removeListener(channel, relay);
  };
}

const shell: DeskShell = {
  kind: 'electron',
  onEvent: (listener) => listen<DeskEvent>(DESK_EVENT, listener),
  onCommand: (listener) => listen<ShellCommand>(SHELL_COMMAND, listener),
  chooseSheet: () => ipcRenderer.invoke(SHELL_CHOOSE_SHEET) as Promise<string | null>,
  // The File object crosses the bridge as a File; only here can Electron name its path.
  sheetPath: (file) => Promise.resolve(webUtils.getPathForFile(file as File)),
  // The desk reads the user's own file where it is: there is no copy to remove.
  releaseSheet: () => Promise.resolve(),
  exportTarget: (suggested) =>
    ipcRenderer.invoke(SHELL_EXPORT_TARGET, suggested) as Promise<string | null>,
  exportWritten: async (path) => {
    await ipcRenderer.invoke(SHELL_EXPORT_WRITTEN, path);
  },
  setBusy: (busy) => ipcRenderer.send(SHELL_SET_BUSY, busy),
};

export const bridge = {
  ...Object.fromEntries(METHOD_NAMES.map((name) => [name, method(name)])),
  shell,
} as DeskBridge;

contextBridge.exposeInMainWorld('desk', bridge);
