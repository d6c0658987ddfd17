// The core process's side of the port: every call to the desk, answered in the contract's
// reply envelope, every desk event forwarded, calls cancelled by id, and a clean close. The
// utility process (core-process.ts) only wires this to its port; tests run it against a real
// desk through a stand-in port, with no Electron.
import { isDeskMethod } from '../../shared/desk/api';
import { DeskError, type DeskReply } from '../../shared/desk/errors';
import type { Desk } from '../core/desk';
import type { CorePort, FromCore, ToCore } from './core-protocol';

/** Serves `desk` on `port`; resolves once main asked to close and the desk has closed. */
export function serveDesk(port: CorePort, desk: Desk): Promise<void> {
  const post = (message: FromCore) => port.postMessage(message);
  const running = new Map<number, AbortController>();
  const off = desk.on((event) => post({ type: 'event', event }));
  let closing: Promise<void> | undefined;

  return new Promise<void>((resolve) => {
    const close = () =>
      (closing ??= (async () => {
        off();
        await desk.close();
        post({ type: 'closed' });
        resolve();
      })());

    port.on('message', ({ data }) => {
      const message = data as ToCore;
      if (message?.type === 'call' && Number.isSafeInteger(message.id)) {
        void answer(message.id, message.method, message.input);
      } else if (message?.type === 'cancel') {
        running
          .get(message.id)
          ?.abort(new DeskError('cancelled', 'the window that asked for this closed'));
      } else if (message?.type === 'close') {
        void close();
      }
    });
    port.start?.();
  });

  async function answer(id: number, method: unknown, input: unknown): Promise<void> {
    if (closing) return post({ type: 'reply', id, reply: failed(closedError()) });
    if (typeof method !== 'string' || !isDeskMethod(method)) {
      const error = new DeskError('invalid_input', `there is no desk method "${String(method)}"`);
      return post({ type: 'reply', id, reply: failed(error) });
    }
    const controller = new AbortController();
    running.set(id, controller);
    let reply: DeskReply<unknown>;
    try {
      reply = { ok: true, value: await desk.call(method, input, { signal: controller.signal }) };
    } catch (error) {
      reply = failed(error);
    } finally {
      running.delete(id);
    }
    post({ type: 'reply', id, reply });
  }
}

/** desk.call throws DeskErrors only; anything else is a bug and says what it was. */
function failed(error: unknown): DeskReply<never> {
  const desk =
    error instanceof DeskError
      ? error
      : new DeskError('internal', error instanceof Error ? error.message : String(error));
  return { ok: false, error: desk.toShape() };
}

const closedError = () =>
  new DeskError('internal', 'the app is closing: the call was not made, and nothing changed');
