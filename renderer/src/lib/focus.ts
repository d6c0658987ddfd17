// Moving the keyboard's focus for the operator (a dialog opening), so that they see where it went.

/**
 * Focuses the element with its focus ring drawn. Chromium draws the ring of a focus moved by
 * script (`:focus-visible`) only when the last input was a key; a dialog opened with the mouse
 * would otherwise show no mark on the button that Enter presses. `focusVisible` is in Chromium
 * (and so Electron) and Firefox; TypeScript's DOM types do not have it yet.
 */
export function focusVisibly(element: HTMLElement | null | undefined): void {
  element?.focus({ focusVisible: true } as FocusOptions);
}
