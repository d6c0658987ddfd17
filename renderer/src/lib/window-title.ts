// The window's title names the screen, by its heading ("June payroll · Payout Desk"): a screen
// reader says it as the screen changes, and the taskbar and the browser's tab show it. It
// stayed "Payout Desk" on every screen.

/**
 * Names the window after `screen`'s heading once it is drawn, and again whenever its words change
 * (the editor's says "Batch" until the batch's name arrives, and a rename changes it). Answers a
 * function that stops following it.
 */
export function nameWindowAfterHeading(screen: HTMLElement): () => void {
  let frame = 0;
  let observer: MutationObserver | undefined;
  const waitUntil = performance.now() + 3000;
  const name = (heading: HTMLElement) => {
    const text = heading.textContent?.replace(/\s+/g, ' ').trim();
    if (text) document.title = `${text} · Payout Desk`;
  };
  const find = () => {
    const heading = screen.querySelector<HTMLElement>('h1');
    if (!heading) {
      if (performance.now() < waitUntil) frame = requestAnimationFrame(find);
      return;
    }
    name(heading);
    observer = new MutationObserver(() => name(heading));
    observer.observe(heading, { childList: true, characterData: true, subtree: true });
  };
  frame = requestAnimationFrame(find);
  return () => {
    cancelAnimationFrame(frame);
    observer?.disconnect();
  };
}
