// Debian's Chromium, headless, driven by playwright-core; an accessibility check with axe-core;
// and screenshots saved where a person looks at them (test-output/screenshots).
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const ROOT = join(import.meta.dirname, '../../..');
export const SCREENSHOTS = join(ROOT, 'test-output', 'screenshots');

export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // As root in a container, and with the closed network's background traffic turned off.
    args: [
      '--no-sandbox',
      '--headless',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const slowdown = Number(process.env.E2E_CPU_SLOWDOWN ?? 1);
  return slowdown > 1 ? slowedDown(browser, slowdown) : browser;
}

/**
 * Every page of the browser with its CPU slowed `rate` times (Chromium's own throttling): the
 * page's scripts answer late, as on a busy CI machine, so a test that races the page fails here
 * too. `E2E_CPU_SLOWDOWN=4` on the end-to-end tests is how such races are hunted (test/README.md).
 */
function slowedDown(browser: Browser, rate: number): Browser {
  const slow = async (page: Page) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  };
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.on('page', (page) => void slow(page));
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (options) => {
    const page = await newPage(options);
    await slow(page);
    return page;
  };
  return browser;
}

/**
 * The page as it is, saved as `<name>.png`, and as two other people see it: in the dark theme
 * (`-dark`) and at 200% zoom (`-zoom200`: half the CSS viewport at twice the pixel density,
 * which is what the browser's zoom does). The page is left as it was.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}-dark.png`) });
  await page.emulateMedia({ colorScheme: null });
  const viewport = page.viewportSize();
  if (viewport) {
    await page.setViewportSize({
      width: Math.round(viewport.width / 2),
      height: Math.round(viewport.height / 2),
    });
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-zoom200.png`), scale: 'device' });
    await page.setViewportSize(viewport);
  }
  return path;
}

/** A page the size of a common laptop screen (1440 × 900). */
export const newAppPage = (browser: Browser): Promise<Page> =>
  browser.newPage({ viewport: { width: 1440, height: 900 } });

/**
 * A browser context for a whole test file: that laptop screen, a fixed locale (amounts and
 * dates read as the tests write them), and downloads kept for the exports to be opened back.
 */
export const newAppContext = (browser: Browser): Promise<BrowserContext> =>
  browser.newContext({
    locale: 'en-GB',
    acceptDownloads: true,
    viewport: { width: 1440, height: 900 },
  });

let axeSource: string | undefined;

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * The serious and critical accessibility violations on the page as it is now: every rule in
 * the theme it shows, and the colours' contrast in the dark theme too (its colours are another
 * set, which a person whose system is dark reads). A violation in the dark theme says so.
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  axeSource ??= await readFile(
    createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
    'utf8',
  );
  // Through the DevTools protocol, which the page's CSP does not govern; the page itself allows
  // no inline script.
  await page.evaluate(axeSource);
  const found = await axeViolations(page, null);
  await page.emulateMedia({ colorScheme: 'dark' });
  try {
    const dark = await axeViolations(page, ['color-contrast']);
    return [...found, ...dark.map((violation) => ({ ...violation, id: `${violation.id} (dark)` }))];
  } finally {
    await page.emulateMedia({ colorScheme: null });
  }
}

/** axe's serious and critical findings, of the rules named (all when null). */
function axeViolations(page: Page, rules: string[] | null): Promise<AxeViolation[]> {
  return page.evaluate(async (rules) => {
    // In the page: its globals, typed by hand (this file compiles for Node).
    const page = globalThis as unknown as { axe: AxeRunner; document: unknown };
    const result = await page.axe.run(page.document, rules ? { runOnly: rules } : {});
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      }));
  }, rules);
}

interface AxeRunner {
  run(
    context: unknown,
    options: { runOnly?: string[] },
  ): Promise<{
    violations: Array<{
      id: string;
      impact: string | null;
      help: string;
      nodes: Array<{ target: unknown[] }>;
    }>;
  }>;
}
