// The DeskApi over IPC, main's side: one channel, `desk:call`, whose every message is checked
// before it reaches the core: its sender must be our window's top frame showing the app
// (checklist item 17), its method one of the contract's, its input valid by the method's
// schema. The answer is checked against the method's output schema before it goes back.
// Events of the core go to the window once they fit the contract.
import type { BrowserWindow, IpcMain, IpcMainEvent, IpcMainInvokeEvent } from 'electron';
import { DESK_METHODS, isDeskMethod } from '../../shared/desk/api';
import { DeskErrorShape, type DeskReply } from '../../shared/desk/errors';
import { DeskEvent } from '../../shared/desk/events';
import { describeZodError } from '../../shared/service';
import { isAppUrl } from './app-origin';
import { DESK_CALL, DESK_EVENT } from './channels';
import type { CoreLink } from './core-link';

/** Whether an IPC message comes from our window's own page, and not a frame inside it. */
export function fromApp(event: IpcMainEvent | IpcMainInvokeEvent, window: BrowserWindow): boolean {
  const frame = event.senderFrame;
  return (
    !window.isDestroyed() &&
    event.sender === window.webContents &&
    frame !== null &&
    frame.parent === null &&
    isAppUrl(frame.url)
  );
}

/** Thrown at a sender that is not the app: it learns nothing more. */
export class ForeignSender extends Error {
  constructor(channel: string) {
    super(`${channel}: refused, the message did not come from the app's window`);
    this.name = 'ForeignSender';
  }
}

const refused = (message: string, details?: Record<string, unknown>): DeskReply<never> => ({
  ok: false,
  error: { code: 'invalid_input', message, ...(details ? { details } : {}) },
});

const broken = (message: string): DeskReply<never> => ({
  ok: false,
  error: { code: 'internal', message },
});

/** The checked path of one call from the page to the core and back. */
export async function callDesk(
  core: CoreLink,
  method: unknown,
  input: unknown,
  onStart?: (id: number) => void,
): Promise<DeskReply<unknown>> {
  if (typeof method !== 'string' || !isDeskMethod(method)) {
    return refused(`there is no desk method "${String(method)}"`);
  }
  const schema = DESK_METHODS[method];
  const parsed = schema.input.safeParse(input === undefined ? {} : input);
  if (!parsed.success) {
    return refused(describeZodError(parsed.error), { issues: parsed.error.issues });
  }
  const reply = await core.call(method, parsed.data, onStart);
  if (!reply.ok) {
    const error = DeskErrorShape.safeParse(reply.error);
    return error.success
      ? { ok: false, error: error.data }
      : broken(`${method} failed, and its error did not fit the contract`);
  }
  const output = schema.output.safeParse(reply.value);
  return output.success
    ? { ok: true, value: output.data }
    : broken(`${method} answered outside the contract: ${describeZodError(output.error)}`);
}

export function registerDeskIpc(ipcMain: IpcMain, window: BrowserWindow, core: CoreLink): void {
  const running = new Set<number>();
  ipcMain.handle(DESK_CALL, async (event, method: unknown, input: unknown) => {
    if (!fromApp(event, window)) throw new ForeignSender(DESK_CALL);
    let id: number | undefined;
    try {
      return await callDesk(core, method, input, (started) => {
        id = started;
        running.add(started);
      });
    } finally {
      if (id !== undefined) running.delete(id);
    }
  });
  // A page that reloads or crashes cannot take its answers: its calls stop at a safe point.
  const abandon = () => {
    for (const id of running) core.cancel(id);
  };
  window.webContents.on('render-process-gone', abandon);
  window.webContents.on('did-start-navigation', (details) => {
    if (details.isMainFrame && !details.isSameDocument) abandon();
  });
  core.onEvent((event) => {
    const checked = DeskEvent.safeParse(event);
    if (!checked.success) {
      // A bug in the core, not the user's to act on: said where a developer looks, and the
      // page is spared a shape it cannot draw.
      console.error(`desk event outside the contract: ${describeZodError(checked.error)}`);
    } else if (!window.isDestroyed()) {
      window.webContents.send(DESK_EVENT, checked.data);
    }
  });
}
