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

/** What a test expects of a focus a person can see. */
export const VISIBLE = { ringLight: true, ringDark: true };
