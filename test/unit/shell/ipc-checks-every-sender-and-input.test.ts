// Main's IPC: a message is answered only when it comes from our window's top frame showing the
// app; a desk call reaches the core only with a known method and an input its schema accepts;
// the core's answers and events reach the page only when they fit the contract.
import { describe, expect, it, vi } from 'vitest';
import type { Dialog, Shell } from 'electron';
import { DESK_METHOD_NAMES, DESK_METHODS } from '../../../shared/desk/api';
import type { DeskReply } from '../../../shared/desk/errors';
import {
  DESK_CALL,
  DESK_EVENT,
  INVOKE_CHANNELS,
  SEND_CHANNELS,
  SHELL_CHOOSE_SHEET,
  SHELL_EXPORT_TARGET,
  SHELL_EXPORT_WRITTEN,
  SHELL_SET_BUSY,
} from '../../../electron/shell/channels';
import { CoreLink } from '../../../electron/shell/core-link';
import type { ToCore } from '../../../electron/shell/core-protocol';
import { registerDeskIpc } from '../../../electron/shell/desk-ipc';
import { fileName, registerShellIpc } from '../../../electron/shell/shell-ipc';
import { FakeIpcMain, FakeWindow, ipcEvent } from '../../support/fake-electron';

/** A core that answers every call with `answer(method)` and records what reached it. */
function fakeCore(answer: (method: string) => DeskReply<unknown>) {
  let deliver: (message: { data: unknown }) => void = () => undefined;
  const received: ToCore[] = [];
  const link = new CoreLink({
    on: (_event, listener) => (deliver = listener),
    postMessage: (message) => {
      const sent = message as ToCore;
      received.push(sent);
      if (sent.type === 'call') {
        queueMicrotask(() =>
          deliver({ data: { type: 'reply', id: sent.id, reply: answer(sent.method) } }),
        );
      }
    },
  });
  const event = (data: unknown) => deliver({ data: { type: 'event', event: data } });
  const calls = () => received.filter((m) => m.type === 'call');
  return { link, calls, event };
}

function setUp(
  answer = (_method: string): DeskReply<unknown> => ({ ok: true, value: { batches: [] } }),
) {
  const ipc = new FakeIpcMain();
  const window = new FakeWindow();
  const core = fakeCore(answer);
  registerDeskIpc(ipc.asIpcMain(), window.asWindow(), core.link);
  const dialog = {
    showOpenDialog: vi.fn((..._args: unknown[]) =>
      Promise.resolve({ canceled: false, filePaths: ['/u/payees.xlsx'] }),
    ),
    showSaveDialog: vi.fn((..._args: unknown[]) =>
      Promise.resolve({ canceled: false, filePath: '/u/results.xlsx' }),
    ),
  };
  const shell = { showItemInFolder: vi.fn() };
  const setBusy = vi.fn();
  registerShellIpc({
    ipcMain: ipc.asIpcMain(),
    window: window.asWindow(),
    dialog: dialog as unknown as Dialog,
    shell: shell as unknown as Shell,
    documents: '/home/u/Documents',
    setBusy,
  });
  return { ipc, window, core, dialog, shell, setBusy };
}

describe('the IPC surface', () => {
  it('is exactly the shell channels: one desk channel for every method', () => {
    const { ipc } = setUp();
    expect([...ipc.handlers.keys()].sort()).toEqual([...INVOKE_CHANNELS].sort());
    expect([...ipc.listeners.keys()]).toEqual([...SEND_CHANNELS]);
  });
});

describe('desk:call', () => {
  it('forwards each method the app calls to the core under its own name', async () => {
    const { ipc, window, core } = setUp(() => ({
      ok: false,
      error: { code: 'not_found', message: 'nothing there' },
    }));
    const forwarded = [];
    for (const method of DESK_METHOD_NAMES) {
      if (!DESK_METHODS[method].input.safeParse({}).success) continue;
      const reply = await ipc.invoke(DESK_CALL, ipcEvent(window), method, {});
      expect(reply).toEqual({ ok: false, error: { code: 'not_found', message: 'nothing there' } });
      forwarded.push(method);
    }
    expect(forwarded.length).toBeGreaterThan(3);
    expect(core.calls().map((call) => call.type === 'call' && call.method)).toEqual(forwarded);
  });

  it('answers with the value once it fits the method output', async () => {
    const { ipc, window } = setUp();
    expect(await ipc.invoke(DESK_CALL, ipcEvent(window), 'listBatches', undefined)).toEqual({
      ok: true,
      value: { batches: [] },
    });
  });

  it.each([
    ['another page in our window', ipcEvent(new FakeWindow(), 'https://evil.example/')],
    [
      'a frame inside the app',
      ipcEvent(new FakeWindow(), 'app://desk/index.html', { subFrame: true }),
    ],
    ['a look-alike origin', ipcEvent(new FakeWindow(), 'app://desk.evil.example/')],
    ['a user-at-host origin', ipcEvent(new FakeWindow(), 'app://desk@evil.example/')],
    ['a file page', ipcEvent(new FakeWindow(), 'file:///tmp/index.html')],
  ])('refuses %s and calls nothing', async (_name, foreign) => {
    const { ipc, window, core, dialog, shell, setBusy } = setUp();
    const event = { ...foreign, sender: window.webContents };
    await expect(ipc.invoke(DESK_CALL, event, 'listBatches', {})).rejects.toThrow(/refused/);
    await expect(ipc.invoke(SHELL_CHOOSE_SHEET, event)).rejects.toThrow(/refused/);
    await expect(ipc.invoke(SHELL_EXPORT_TARGET, event, 'a.xlsx')).rejects.toThrow(/refused/);
    await expect(ipc.invoke(SHELL_EXPORT_WRITTEN, event, '/u/a.xlsx')).rejects.toThrow(/refused/);
    ipc.listeners.get(SHELL_SET_BUSY)?.(event, true);
    expect(core.calls()).toEqual([]);
    expect(dialog.showOpenDialog).not.toHaveBeenCalled();
    expect(shell.showItemInFolder).not.toHaveBeenCalled();
    expect(setBusy).not.toHaveBeenCalled();
  });

  it('refuses a message from another window showing the app', async () => {
    const { ipc, window, core } = setUp();
    const other = ipcEvent(window, 'app://desk/index.html', { sender: {} });
    await expect(ipc.invoke(DESK_CALL, other, 'listBatches', {})).rejects.toThrow(/refused/);
    expect(core.calls()).toEqual([]);
  });

  it.each([
    ['an unknown method', 'readSecrets', {}],
    ['a name from Object.prototype', 'constructor', {}],
    ['a method that is no string', 42, {}],
    ['an input of the wrong shape', 'getBatch', { batch: 7 }],
    ['an input missing a field', 'renameBatch', { batch: 'b1' }],
    ['no input where one is needed', 'getBatch', undefined],
    ['input that is no object', 'listBatches', 'x'],
  ])('refuses %s as invalid_input before the core', async (_name, method, input) => {
    const { ipc, window, core } = setUp();
    const reply = (await ipc.invoke(
      DESK_CALL,
      ipcEvent(window),
      method,
      input,
    )) as DeskReply<unknown>;
    expect(reply.ok).toBe(false);
    expect(!reply.ok && reply.error.code).toBe('invalid_input');
    expect(core.calls()).toEqual([]);
  });

  it('refuses an answer of the core that breaks the contract', async () => {
    const { ipc, window } = setUp(() => ({ ok: true, value: { batches: 'all of them' } }));
    const reply = (await ipc.invoke(
      DESK_CALL,
      ipcEvent(window),
      'listBatches',
      {},
    )) as DeskReply<unknown>;
    expect(!reply.ok && reply.error.code).toBe('internal');
  });

  it('hands the page the events that fit the contract, and no other', () => {
    const { window, core } = setUp();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    core.event({ type: 'outbox.changed', batch_id: null });
    core.event({ type: 'outbox.changed', batch_id: 7, secret: 'x' });
    expect(window.webContents.sent).toEqual([
      [DESK_EVENT, { type: 'outbox.changed', batch_id: null }],
    ]);
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });
});

describe('the shell channels', () => {
  it('open the native dialog for a sheet, filtered to what the importer reads', async () => {
    const { ipc, window, dialog } = setUp();
    expect(await ipc.invoke(SHELL_CHOOSE_SHEET, ipcEvent(window))).toBe('/u/payees.xlsx');
    const options = dialog.showOpenDialog.mock.calls[0]?.[1] as {
      filters: { extensions: string[] }[];
    };
    expect(options.filters[0]?.extensions).toEqual(expect.arrayContaining(['xlsx', 'csv']));
  });

  it('ask where to save an export, and show only that file in its folder', async () => {
    const { ipc, window, dialog, shell } = setUp();
    const target = await ipc.invoke(
      SHELL_EXPORT_TARGET,
      ipcEvent(window),
      '../../etc/results.xlsx',
    );
    expect(target).toBe('/u/results.xlsx');
    const options = dialog.showSaveDialog.mock.calls[0]?.[1] as { defaultPath: string };
    expect(options.defaultPath).toBe('/home/u/Documents/results.xlsx');
    await ipc.invoke(SHELL_EXPORT_WRITTEN, ipcEvent(window), '/etc/passwd');
    expect(shell.showItemInFolder).not.toHaveBeenCalled();
    await ipc.invoke(SHELL_EXPORT_WRITTEN, ipcEvent(window), '/u/results.xlsx');
    expect(shell.showItemInFolder).toHaveBeenCalledExactlyOnceWith('/u/results.xlsx');
  });

  it('take the busy flag only as a boolean', () => {
    const { ipc, window, setBusy } = setUp();
    ipc.listeners.get(SHELL_SET_BUSY)?.(ipcEvent(window), 'yes');
    ipc.listeners.get(SHELL_SET_BUSY)?.(ipcEvent(window), true);
    expect(setBusy.mock.calls).toEqual([[true]]);
  });

  it('keep a suggested export name to a file name', () => {
    expect(fileName('C:\\Users\\x\\results.csv')).toBe('results.csv');
    expect(fileName('..')).toBe('export.xlsx');
    expect(fileName(undefined)).toBe('export.xlsx');
  });
});
