// The window's title names the screen, by its heading ("June payroll · Payout Desk"): a screen
// reader says it as the screen changes, and the taskbar and the browser's tab show it. It
// stayed "Payout Desk" on every screen.
import { whenHeadingDrawn } from './focus';

/**
 * Names the window after `screen`'s heading once it is drawn, and again whenever its words change
 * (the editor's says "Batch" until the batch's name arrives, and a rename changes it). Answers a
 * function that stops following it.
 */
export function nameWindowAfterHeading(screen: HTMLElement): () => void {
  let observer: MutationObserver | undefined;
  const name = (heading: HTMLElement) => {
    const text = heading.textContent?.replace(/\s+/g, ' ').trim();
    if (text) document.title = `${text} · Payout Desk`;
  };
  const stop = whenHeadingDrawn(screen, (heading) => {
    name(heading);
    observer = new MutationObserver(() => name(heading));
    observer.observe(heading, { childList: true, characterData: true, subtree: true });
  });
  return () => {
    stop();
    observer?.disconnect();
  };
}
