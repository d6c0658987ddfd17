// A desk error as the renderer receives it, whichever host it runs in. The browser bridge can
// throw a DeskError itself; Electron's contextBridge cannot: it copies a thrown Error as a new
// plain Error with only its message (name, code and details are lost on the way), so the
// preload rejects with the error's plain shape instead, which the bridge copies whole.
import { DeskError, DeskErrorShape } from './errors';

/** What the preload rejects with: the one error shape, named so it can be recognised. */
export interface BridgedDeskError extends DeskErrorShape {
  readonly name: 'DeskError';
}

/**
 * Whatever a DeskApi call rejected with, as a DeskError: a DeskError as it is, the bridged
 * shape of one, and anything else (a host that went away, a bug) as an `internal` error that
 * keeps its message.
 */
export function deskErrorOf(reason: unknown): DeskError {
  if (reason instanceof DeskError) return reason;
  const shape = DeskErrorShape.safeParse(reason);
  if (shape.success) return DeskError.fromShape(shape.data);
  const message = reason instanceof Error ? reason.message : String(reason);
  return new DeskError('internal', message);
}
