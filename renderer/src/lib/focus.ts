// Moving the keyboard's focus for the operator (a dialog opening, a screen replacing the one that
// held the focus), so that they see where it went.
import { tick } from 'svelte';

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
  return whenHeadingDrawn(screen, focusTitle, focusLost);
}

/**
 * Calls `found` with the screen's heading once it is drawn (some screens draw it when their
 * data arrives), looking once a frame for up to 3 s, and only while `wanted` holds. Answers a
 * function that stops looking.
 */
export function whenHeadingDrawn(
  screen: HTMLElement,
  found: (heading: HTMLElement) => void,
  wanted: () => boolean = () => true,
): () => void {
  let frame = 0;
  const waitUntil = performance.now() + 3000;
  const attempt = () => {
    if (!wanted()) return;
    const heading = screen.querySelector<HTMLElement>('h1');
    if (heading) found(heading);
    else if (performance.now() < waitUntil) frame = requestAnimationFrame(attempt);
  };
  frame = requestAnimationFrame(attempt);
  return () => cancelAnimationFrame(frame);
}

/**
 * A button disabled while its action runs (Validate, Apply filters, Test connection) drops the
 * focus to the page's body: no ring, and a screen reader loses its place. Once that control is
 * enabled again, with the focus still on the body, it gets the focus back (with its ring if the
 * action was started from the keyboard, as Chromium decides for a focus moved by script).
 * A control that stays disabled (Next page on the last page, Older on the oldest entries) gives
 * it, after a moment, to its nearest enabled neighbour (Previous page), else to the screen's
 * heading, and takes it back if it is enabled again meanwhile: the next Tab started again from
 * "Skip to main content". Watches `root`; answers a function that stops.
 */
export function returnFocusWhenReenabled(root: HTMLElement): () => void {
  let last: HTMLElement | null = null;
  /** Where the focus was put while `last` stayed disabled. */
  let parked: HTMLElement | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const remember = (event: FocusEvent) => {
    if (event.target instanceof HTMLElement && event.target !== parked) last = event.target;
  };
  const park = () => {
    const control = last;
    if (!control || !control.matches(':disabled') || !focusLost()) return;
    parked = enabledNeighbour(control) ?? screenHeading();
    if (parked?.matches(CONTROLS)) focusVisibly(parked);
    else if (parked) focusTitle(parked);
  };
  const observer = new MutationObserver((records) => {
    const control = last;
    if (!control || !records.some((record) => record.target === control)) return;
    if (control.matches(':disabled')) {
      clearTimeout(timer);
      // Most actions end within this: their control is enabled again and takes the focus back.
      if (focusLost()) timer = setTimeout(park, 600);
    } else if (control.isConnected && (focusLost() || document.activeElement === parked)) {
      clearTimeout(timer);
      parked = null;
      control.focus();
    }
  });
  root.addEventListener('focusin', remember);
  observer.observe(root, { subtree: true, attributes: true, attributeFilter: ['disabled'] });
  return () => {
    clearTimeout(timer);
    root.removeEventListener('focusin', remember);
    observer.disconnect();
  };
}

/** The enabled control nearest `control` among its parent's, the ones before it first. */
function enabledNeighbour(control: HTMLElement): HTMLElement | null {
  const siblings = [
    ...(control.parentElement?.querySelectorAll<HTMLElement>('button, a[href], input, select') ??
      []),
  ];
  const at = siblings.indexOf(control);
  const order = [...siblings.slice(0, at).reverse(), ...siblings.slice(at + 1)];
  return order.find((element) => !element.matches(':disabled')) ?? null;
}

/**
 * Focuses `element` if the focus is lost (on the page's body): a part that replaced the one
 * that held the focus, such as an import's summary in place of its Import button.
 */
export function takeLostFocus(element: HTMLElement): void {
  if (focusLost()) focusTitle(element);
}

/**
 * Once the screen has drawn what an action changed, the element of `id` (a heading, a result
 * panel's title) takes the focus if the action's control dropped it: saved, a Save button is
 * disabled with nothing changed since.
 */
export async function idTakesLostFocus(id: string): Promise<void> {
  await tick();
  const element = document.getElementById(id);
  if (element) takeLostFocus(element);
}

/** Focuses a control (keeping its place in the Tab order) if the focus is lost. */
export function controlTakesLostFocus(control: HTMLElement | null | undefined): void {
  if (control && focusLost() && !control.matches(':disabled')) focusVisibly(control);
}

/**
 * After an action that removes the part that had the focus (a deleted group's row, a removed
 * profile's card or its Remove credentials button), once the screen has drawn it: the screen's
 * heading takes the focus if it fell to the page's body, so that Tab goes on from the screen.
 */
export async function screenHeadingTakesLostFocus(): Promise<void> {
  await tick();
  const heading = screenHeading();
  if (heading) takeLostFocus(heading);
}

/** The heading of the screen on show. */
export const screenHeading = (): HTMLElement | null =>
  document.querySelector<HTMLElement>('main h1');

/**
 * The focus is on no part of the page: on its body, where a removed or disabled part left it,
 * or still on a control just disabled, which Chromium moves to the body only at its next
 * rendering.
 */
function focusLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || active.matches(':disabled');
}

/** Focuses a heading (or any part that is no Tab stop of its own), focusable by script. */
export function focusTitle(element: HTMLElement): void {
  // A control is a Tab stop of its own: made -1, the Add profile button given the focus back
  // after its form closed left the Tab order for good.
  if (!element.hasAttribute('tabindex') && !element.matches(CONTROLS)) element.tabIndex = -1;
  element.focus();
}

const CONTROLS = 'button, a[href], input, select, textarea, summary';

/**
 * An action on a toolbar: when the button with the focus is turned off by what it did (Approve
 * with nothing left to approve, Undo with nothing left to undo), the focus, which the browser
 * drops to the page's body then, goes to `fallback()` instead: the next Tab started again from
 * "Skip to main content". A button left for a dialog is not followed.
 */
export function keepFocusWhenDisabled(toolbar: HTMLElement, fallback: () => void) {
  let focused: Element | null = null;
  const focusin = (event: FocusEvent) => (focused = event.target as Element);
  // Left for another element: no longer the toolbar's to give back. Left for nowhere (turned
  // off), it still is.
  const focusout = (event: FocusEvent) => {
    if (event.relatedTarget) focused = null;
  };
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.target !== focused || !(record.target as HTMLButtonElement).disabled) continue;
      const active = document.activeElement;
      if (!active || active === document.body || active === focused) {
        focused = null;
        fallback();
      }
    }
  });
  toolbar.addEventListener('focusin', focusin);
  toolbar.addEventListener('focusout', focusout);
  observer.observe(toolbar, { attributes: true, attributeFilter: ['disabled'], subtree: true });
  return {
    destroy() {
      observer.disconnect();
      toolbar.removeEventListener('focusin', focusin);
      toolbar.removeEventListener('focusout', focusout);
    },
  };
}
