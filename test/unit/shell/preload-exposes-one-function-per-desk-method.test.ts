// The preload with 'electron' mocked at its edge: `window.desk` is exactly the DeskBridge, one
// function per DeskApi method sending on the one desk channel under its own name, the shell's
// functions, and nothing of ipcRenderer; a failure arrives as the error's plain shape, which
// contextBridge copies whole and the renderer reads back as a DeskError.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DESK_METHOD_NAMES } from '../../../shared/desk/api';
import { deskErrorOf } from '../../../shared/desk/bridge-errors';
import { DeskError } from '../../../shared/desk/errors';
import type { DeskBridge } from '../../../shared/desk/shell';
import { DESK_CALL, DESK_EVENT, SHELL_SET_BUSY } from '../../../electron/shell/channels';

const e = vi.hoisted(() => ({
  exposed: new Map<string, unknown>(),
  invoked: [] as unknown[][],
  sent: [] as unknown[][],
  listeners: new Map<string, Set<(...args: unknown[]) => void>>(),
  reply: undefined as unknown,
}));

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => e.exposed.set(key, api) },
  ipcRenderer: {
    invoke: (...args: unknown[]) => {
      e.invoked.push(args);
      return Promise.resolve(e.reply);
    },
    send: (...args: unknown[]) => e.sent.push(args),
    on: (channel: string, listener: (...args: unknown[]) => void) => {
      const set = e.listeners.get(channel) ?? new Set();
      set.add(listener);
      e.listeners.set(channel, set);
    },
    removeListener: (channel: string, listener: (...args: unknown[]) => void) =>
      e.listeners.get(channel)?.delete(listener),
  },
  webUtils: { getPathForFile: (file: { name: string }) => `/picked/${file.name}` },
}));

let desk: DeskBridge;
beforeAll(async () => {
  await import('../../../electron/preload');
  desk = e.exposed.get('desk') as DeskBridge;
});

describe('window.desk', () => {
  it('is exposed once, as `desk`, with one function per method and the shell', () => {
    expect([...e.exposed.keys()]).toEqual(['desk']);
    expect(Object.keys(desk).sort()).toEqual([...DESK_METHOD_NAMES, 'shell'].sort());
    for (const method of DESK_METHOD_NAMES) expect(typeof desk[method]).toBe('function');
  });

  it('sends each method on the desk channel under its own name', async () => {
    e.reply = { ok: true, value: { done: true } };
    for (const method of DESK_METHOD_NAMES) {
      e.invoked = [];
      const call = desk[method] as (input: unknown) => Promise<unknown>;
      expect(await call({ probe: method })).toEqual({ done: true });
      expect(e.invoked).toEqual([[DESK_CALL, method, { probe: method }]]);
    }
  });

  it('rejects with the error shape, which the renderer reads as a DeskError', async () => {
    e.reply = {
      ok: false,
      error: { code: 'not_found', message: 'no batch "May"', details: { batch: 'May' } },
    };
    const reason: unknown = await desk.getBatch({ batch: 'May' }).catch((error: unknown) => error);
    // A plain object: what contextBridge copies with every property, unlike an Error.
    expect(Object.getPrototypeOf(reason)).toBe(Object.prototype);
    expect(reason).toEqual({
      name: 'DeskError',
      code: 'not_found',
      message: 'no batch "May"',
      details: { batch: 'May' },
    });
    const error = deskErrorOf(structuredClone(reason));
    expect(error).toBeInstanceOf(DeskError);
    expect(error).toMatchObject({ code: 'not_found', message: 'no batch "May"' });
    expect(deskErrorOf(new Error('Error invoking remote method'))).toMatchObject({
      code: 'internal',
    });
  });

  it('exposes nothing of ipcRenderer, and hands listeners the event alone', () => {
    const text = JSON.stringify(Object.keys(desk.shell));
    expect(text).not.toMatch(/ipc|invoke|send|on"/i);
    expect(desk.shell.kind).toBe('electron');
    const listener = vi.fn();
    const off = desk.shell.onEvent(listener);
    const ipcEvent = { sender: 'ipcRenderer itself' };
    for (const relay of e.listeners.get(DESK_EVENT) ?? []) {
      relay(ipcEvent, { type: 'outbox.changed', batch_id: null });
    }
    expect(listener.mock.calls).toEqual([[{ type: 'outbox.changed', batch_id: null }]]);
    off();
    expect(e.listeners.get(DESK_EVENT)?.size).toBe(0);
  });

  it('names a picked file’s path through webUtils, and tells main when busy', async () => {
    expect(await desk.shell.sheetPath({ name: 'payees.xlsx', size: 10 })).toBe(
      '/picked/payees.xlsx',
    );
    await desk.shell.releaseSheet('/picked/payees.xlsx');
    desk.shell.setBusy(true);
    expect(e.sent).toEqual([[SHELL_SET_BUSY, true]]);
  });
});
