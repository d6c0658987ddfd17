// What main and the core process say to each other over their MessagePort. Main has checked
// the sender and the input before a call is sent, and checks the answer again when it comes
// back: the core process trusts main, main trusts nobody. Types only, no 'electron'.
import type { DeskReply } from '../../shared/desk/errors';
import type { DeskEvent } from '../../shared/desk/events';

export type ToCore =
  | { type: 'call'; id: number; method: string; input: unknown }
  /** Stops the call `id` at its next safe point (the window that asked is gone). */
  | { type: 'cancel'; id: number }
  /** Cancels every job, waits for each to stop, closes the outbox; answered by `closed`. */
  | { type: 'close' };

export type FromCore =
  | { type: 'reply'; id: number; reply: DeskReply<unknown> }
  | { type: 'event'; event: DeskEvent }
  | { type: 'closed' };

/**
 * A message port as both ends hold one: Electron's MessagePortMain in main and in the utility
 * process, and a test's stand-in. Messages arrive as `{ data }`.
 */
export interface CorePort {
  on(event: 'message', listener: (message: { data: unknown }) => void): unknown;
  postMessage(message: unknown): void;
  /** MessagePortMain queues messages until it is started. */
  start?(): void;
}
