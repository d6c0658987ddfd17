// The one DeskBridge this page speaks to: Electron's preload puts it on `window.desk`; in a
// browser, the host that served the page is the bridge.
import { DeskError, type DeskBridge, type DeskErrorCode } from '../../../shared/desk';
import { browserBridge } from './browser-bridge';

declare global {
  interface Window {
    desk?: DeskBridge;
  }
}

export const desk: DeskBridge = window.desk ?? browserBridge();

/** What went wrong, for a person: a desk error's message, or the error's own. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/** A desk error's code, whichever side of a bridge made it (Electron passes plain objects). */
export function codeOf(error: unknown): DeskErrorCode | undefined {
  if (error instanceof DeskError) return error.code;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? (code as DeskErrorCode) : undefined;
}
