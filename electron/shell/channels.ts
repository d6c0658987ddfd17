// The IPC channels between the preload and main: the whole surface the renderer can reach.
// Main registers a handler for each and nothing else; the preload sends on these and nothing
// else. No 'electron' here: the preload bundle and the unit tests both read it.

/** Invoke: `(method, input)` -> DeskReply. Every DeskApi method goes through this one channel. */
export const DESK_CALL = 'desk:call';
/** Main -> renderer: every event of the core (already checked against the contract). */
export const DESK_EVENT = 'desk:event';
/** Main -> renderer: a command from the app's menu (a ShellCommand). */
export const SHELL_COMMAND = 'shell:command';

/** Invoke channels of the shell: native dialogs and the file manager. */
export const SHELL_CHOOSE_SHEET = 'shell:chooseSheet';
export const SHELL_EXPORT_TARGET = 'shell:exportTarget';
export const SHELL_EXPORT_WRITTEN = 'shell:exportWritten';
/** Send (no answer): the renderer says a sync is running, so closing the window asks first. */
export const SHELL_SET_BUSY = 'shell:setBusy';

/** Every channel the renderer may invoke, which main answers with `ipcMain.handle`. */
export const INVOKE_CHANNELS = [
  DESK_CALL,
  SHELL_CHOOSE_SHEET,
  SHELL_EXPORT_TARGET,
  SHELL_EXPORT_WRITTEN,
] as const;
/** Every channel the renderer may send on, which main listens to with `ipcMain.on`. */
export const SEND_CHANNELS = [SHELL_SET_BUSY] as const;
