// Moving the keyboard's focus for the operator (a dialog opening, a screen replacing the one that
// held the focus), so that they see where it went.

/**
 * Focuses the element with its focus ring drawn. Chromium draws the ring of a focus moved by
 * script (`:focus-visible`) only when the last input was a key; a dialog opened with the mouse
 * would otherwise show no mark on the button that Enter presses. `focusVisible` is in Chromium
 * (and so Electron) and Firefox; TypeScript's DOM types do not have it yet.
 */
export function focusVisibly(element: HTMLElement | null | undefined): void {
  element?.focus({ focusVisible: true } as FocusOptions);
}

/**
 * After the app went to another screen: when the focus was on the screen that went (a batch
 * opened from the list, a batch deleted from its editor), it is left on the page's body, where
 * Tab starts over at the navigation and a screen reader says nothing. The new screen's heading
 * takes it instead, once the screen has drawn it (some draw it when their data arrives). A focus
 * that is still somewhere (a navigation link, a cell the screen focused itself) is left alone.
 * Answers a function that stops waiting.
 */
export function focusHeadingWhenFocusLost(screen: HTMLElement): () => void {
  let frame = 0;
  const waitUntil = performance.now() + 3000;
  const attempt = () => {
    const active = document.activeElement;
    if (active !== null && active !== document.body) return;
    const heading = screen.querySelector<HTMLElement>('h1');
    if (heading) {
      // Focusable by script, not a Tab stop of its own.
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus();
    } else if (performance.now() < waitUntil) frame = requestAnimationFrame(attempt);
  };
  frame = requestAnimationFrame(attempt);
  return () => cancelAnimationFrame(frame);
}
