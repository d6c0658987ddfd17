// Main's side of the port to the core process: calls matched to their replies by id, the
// core's events handed on, and a close that waits for the desk to stop its jobs and close the
// outbox. Should the core process die, every waiting call is answered (never left hanging)
// and later calls are refused with a message a person can act on.
import type { DeskReply } from '../../shared/desk/errors';
import type { CorePort, FromCore, ToCore } from './core-protocol';

const STOPPED: DeskReply<never> = {
  ok: false,
  error: {
    code: 'internal',
    message:
      "the app's core stopped unexpectedly: restart Payout Desk. Everything saved before is kept, and a sync carries on where it stopped",
  },
};

export class CoreLink {
  private next = 1;
  private readonly waiting = new Map<number, (reply: DeskReply<unknown>) => void>();
  private readonly listeners = new Set<(event: unknown) => void>();
  private stopped = false;
  private closed?: () => void;

  constructor(private readonly port: CorePort) {
    port.on('message', ({ data }) => this.receive(data as FromCore));
    port.start?.();
  }

  /** The core's answer to one call; `id` is given to `onStart` so that it can be cancelled. */
  call(
    method: string,
    input: unknown,
    onStart?: (id: number) => void,
  ): Promise<DeskReply<unknown>> {
    if (this.stopped) return Promise.resolve(STOPPED);
    const id = this.next++;
    onStart?.(id);
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.send({ type: 'call', id, method, input });
    });
  }

  cancel(id: number): void {
    if (this.waiting.has(id)) this.send({ type: 'cancel', id });
  }

  /** Stops every call still running: the page that made them is gone. */
  cancelAll(): void {
    for (const id of this.waiting.keys()) this.send({ type: 'cancel', id });
  }

  /** Every event of the core, unchecked: the caller checks it against the contract. */
  onEvent(listener: (event: unknown) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Asks the core to close and waits for it, at most `timeoutMs`: a job stops at its next safe
   * point, which is soon, and the sync engine recovers from any point should that wait end.
   */
  close(timeoutMs: number): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => this.stop(), timeoutMs);
      this.closed = () => {
        clearTimeout(timer);
        resolve();
      };
      this.send({ type: 'close' });
    });
  }

  /** The core process is gone: every waiting call gets its answer now. */
  stop(): void {
    this.stopped = true;
    for (const resolve of this.waiting.values()) resolve(STOPPED);
    this.waiting.clear();
    this.closed?.();
  }

  private send(message: ToCore): void {
    if (!this.stopped) this.port.postMessage(message);
  }

  private receive(message: FromCore): void {
    if (message?.type === 'reply') {
      const resolve = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      resolve?.(message.reply);
    } else if (message?.type === 'event') {
      for (const listener of this.listeners) listener(message.event);
    } else if (message?.type === 'closed') {
      this.stop();
    }
  }
}
