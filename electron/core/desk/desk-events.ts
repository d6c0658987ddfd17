// The desk's events, typed by the contract: every face subscribes to the same stream (the CLI
// prints progress, the browser host forwards it as server-sent events, Electron over a port).
import type { DeskEvent } from '../../../shared/desk/events';

export type DeskListener = (event: DeskEvent) => void;

export class DeskEvents {
  private readonly listeners = new Set<DeskListener>();

  /** Listens until the returned function is called. */
  on(listener: DeskListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: DeskEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A face that fails to draw progress must not stop the work it reports on.
      }
    }
  }
}
