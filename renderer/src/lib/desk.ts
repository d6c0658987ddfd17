// The one DeskBridge this page speaks to: Electron's preload puts it on `window.desk`; in a
// browser, the host that served the page is the bridge.
import { deskErrorOf, type DeskBridge, type DeskErrorCode } from '../../../shared/desk';
import { browserBridge } from './browser-bridge';
import { formatSentence } from './format';

declare global {
  interface Window {
    desk?: DeskBridge;
  }
}

export const desk: DeskBridge = window.desk ?? browserBridge();

/** What went wrong, for a person: a desk error's message, whichever host it crossed. */
export const messageOf = (error: unknown): string => deskErrorOf(error).message;

/** A desk error's code, whichever host it crossed (Electron's bridge passes plain shapes). */
export const codeOf = (error: unknown): DeskErrorCode => deskErrorOf(error).code;

/** A desk error's details (a sheet's refusal names its reason there), whichever host it crossed. */
export const detailsOf = (error: unknown): Record<string, unknown> | undefined =>
  deskErrorOf(error).details;

/** What went wrong, as a sentence of its own (the desk words its messages to be joined). */
export const sentenceOf = (error: unknown): string => formatSentence(messageOf(error));
