// Where the keyboard's focus is, and whether a person can see it: the focused element's role
// and name, and the ring drawn around it (an outline or a box-shadow of some width) in the
// light and the dark theme.
import type { Page } from 'playwright-core';

/** The page's elements as these functions read them (this file compiles for Node). */
interface PageElement {
  tagName: string;
  textContent: string | null;
  getAttribute(name: string): string | null;
}

export interface FocusSeen {
  /** The focused element's tag, or `body` when the focus is lost. */
  tag: string;
  role: string | null;
  /** Its accessible text, roughly: aria-label or its words. */
  name: string;
  /** Whether a ring of non-zero width is drawn around it in the light theme, then the dark. */
  ringLight: boolean;
  ringDark: boolean;
}

async function ringNow(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const window = globalThis as unknown as {
      document: { activeElement: PageElement | null };
      getComputedStyle(element: PageElement): {
        outlineStyle: string;
        outlineWidth: string;
        boxShadow: string;
      };
    };
    const active = window.document.activeElement;
    if (!active) return false;
    const style = window.getComputedStyle(active);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    // A box-shadow ring: some shadow with a spread or blur wider than nothing.
    const shadow =
      style.boxShadow !== 'none' &&
      /\s[1-9][\d.]*px/.test(style.boxShadow.replace(/rgba?\([^)]*\)/g, ''));
    return outline || shadow;
  });
}

/** The focused element as a keyboard user meets it, with its ring in both themes. */
export async function focusSeen(page: Page): Promise<FocusSeen> {
  const element = await page.evaluate(() => {
    const active = (globalThis as unknown as { document: { activeElement: PageElement | null } })
      .document.activeElement;
    return {
      tag: active?.tagName.toLowerCase() ?? 'body',
      role: active?.getAttribute('role') ?? null,
      name: (active?.getAttribute('aria-label') ?? active?.textContent ?? '')
        .replace(/\s+/g, ' ')
        .trim(),
    };
  });
  const ringLight = await ringNow(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  const ringDark = await ringNow(page);
  await page.emulateMedia({ colorScheme: null });
  return { ...element, ringLight, ringDark };
}

/** The focused element's id and its text, trimmed: where the focus went after an action. */
export async function focusedOn(page: Page): Promise<{ id: string; text: string }> {
  return page.evaluate(() => {
    const active = (globalThis as unknown as { document: { activeElement: PageElement | null } })
      .document.activeElement;
    return { id: active?.getAttribute('id') ?? '', text: (active?.textContent ?? '').trim() };
  });
}

/** What a test expects of a focus a person can see. */
export const VISIBLE = { ringLight: true, ringDark: true };

/** The focused element's ring and what it is seen against, in one theme (computed colours). */
export interface RingSurroundings {
  ring: string;
  /** The element's own fill; the colour behind it where it has none. */
  fill: string;
  /** The first background behind the element: the page's colour around the ring. */
  behind: string;
  widthPx: number;
  /** The gap between the element's edge and the ring, in the colour behind. */
  offsetPx: number;
}

async function surroundingsNow(page: Page): Promise<RingSurroundings> {
  return page.evaluate(() => {
    interface Styled extends PageElement {
      parentElement: Styled | null;
    }
    const window = globalThis as unknown as {
      document: { activeElement: Styled | null };
      getComputedStyle(element: Styled): {
        outlineColor: string;
        outlineWidth: string;
        outlineOffset: string;
        backgroundColor: string;
      };
    };
    const clear = (colour: string) => colour === 'transparent' || /,\s*0\)$/.test(colour);
    const active = window.document.activeElement;
    if (!active) throw new Error('nothing has the focus');
    let behind = 'rgb(255, 255, 255)';
    for (let up = active.parentElement; up; up = up.parentElement) {
      const colour = window.getComputedStyle(up).backgroundColor;
      if (!clear(colour)) {
        behind = colour;
        break;
      }
    }
    const style = window.getComputedStyle(active);
    return {
      ring: style.outlineColor,
      fill: clear(style.backgroundColor) ? behind : style.backgroundColor,
      behind,
      widthPx: parseFloat(style.outlineWidth),
      offsetPx: parseFloat(style.outlineOffset),
    };
  });
}

/** The focused element's ring and its surroundings in the light theme, then the dark. */
export async function ringSurroundings(
  page: Page,
): Promise<{ light: RingSurroundings; dark: RingSurroundings }> {
  const light = await surroundingsNow(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  const dark = await surroundingsNow(page);
  await page.emulateMedia({ colorScheme: null });
  return { light, dark };
}

/** WCAG's contrast ratio of two opaque `rgb(r, g, b)` colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const luminance = (colour: string) => {
    const channels = (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    if (channels.length !== 3) throw new Error(`not an rgb() colour: ${colour}`);
    const [r, g, b] = channels.map((value) => {
      const c = value / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/**
 * Whether a person can tell the ring from what it touches (WCAG 2.2's 3:1): the page around it,
 * and the element's fill, unless a gap of the page's colour at least as wide as the ring keeps
 * the two apart (a ring the colour of a primary button's fill, touching it, only looks like a
 * bigger button).
 */
export function ringStandsOut(seen: RingSurroundings): boolean {
  const againstPage = contrastRatio(seen.ring, seen.behind) >= 3;
  const againstFill =
    contrastRatio(seen.ring, seen.fill) >= 3 ||
    (seen.offsetPx >= Math.max(2, seen.widthPx) && contrastRatio(seen.behind, seen.fill) >= 3);
  return seen.widthPx >= 2 && againstPage && againstFill;
}
