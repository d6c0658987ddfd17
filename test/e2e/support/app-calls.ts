// What the end-to-end tests do beside the screens: a DeskApi call made from the page, as the
// app makes it (its cookie, its Origin); the Local sandbox's admin calls, to set faults or move
// its clock; and a screenshot of a state with its accessibility check.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page, Route } from 'playwright-core';
import { expect } from 'vitest';
import { HttpsJson } from '../../support/https-json';
import { screenshot, seriousViolations } from './chromium';

/** A DeskApi call from the page; a refusal throws with the desk's error. */
export async function deskCall<T>(page: Page, method: string, input: unknown): Promise<T> {
  const reply = await page.evaluate(
    async ([name, body]) => {
      const response = await fetch(`/desk/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await response.json()) as { ok: boolean; value?: unknown; error?: unknown };
    },
    [method, input] as const,
  );
  if (!reply.ok) throw new Error(`${method}: ${JSON.stringify(reply.error)}`);
  return reply.value as T;
}

export interface HeldDeskCalls {
  /** Settles once the app asked, so what it shows while it waits can be checked. */
  asked: Promise<void>;
  /** Lets the held calls go on, and every later one pass. */
  release(): Promise<void>;
}

/**
 * Holds the app's calls to one DeskApi method until released: the answer comes late, as it does
 * on a busy machine, in the order a race needs. The test's own `deskCall`s are held too.
 */
export async function holdDeskCalls(page: Page, method: string): Promise<HeldDeskCalls> {
  const pattern = `**/desk/${method}`;
  const held: Route[] = [];
  let holding = true;
  let askedNow = () => {};
  const asked = new Promise<void>((resolve) => (askedNow = resolve));
  const hold = async (route: Route) => {
    if (!holding) return route.continue();
    held.push(route);
    askedNow();
  };
  await page.route(pattern, hold);
  return {
    asked,
    async release() {
      holding = false;
      await Promise.all(held.map((route) => route.continue()));
      await page.unroute(pattern, hold);
    },
  };
}

/**
 * Cancels a desk call before it starts: the call is held on its way to the desk (`start` is the
 * click that asks it), `cancel` is clicked, and once the cancel has reached the desk the held
 * call goes on, and the desk starts it cancelled. The app shows its running state meanwhile,
 * deterministically: `running` checks it before the cancel, `cancelling` after it.
 */
export async function cancelBeforeItStarts(
  page: Page,
  method: string,
  steps: {
    start(): Promise<void>;
    running?(): Promise<void>;
    cancel(): Promise<void>;
    cancelling?(): Promise<void>;
  },
): Promise<void> {
  const held = await holdDeskCalls(page, method);
  await steps.start();
  await Promise.race([
    held.asked,
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error(`the ${method} call never reached the desk`)), 10_000),
    ),
  ]);
  await steps.running?.();
  const cancelled = page.waitForResponse('**/desk/cancelJob');
  await steps.cancel();
  await cancelled;
  await steps.cancelling?.();
  await held.release();
}

export interface LateDeskAnswers {
  /** How many answers are held so far, in the order the desk gave them. */
  held(): number;
  /** Hands the page the answer the desk gave `n`th (from 0). */
  deliver(n: number): Promise<void>;
  /** Every later call passes. */
  stop(): Promise<void>;
}

/**
 * Takes each answer to one DeskApi method from the desk when the app asks, and hands it to the
 * page only when the test says: answers arrive late and in any order, as separate requests may
 * on a busy machine (an older list after a newer one).
 */
export async function lateDeskAnswers(page: Page, method: string): Promise<LateDeskAnswers> {
  const pattern = `**/desk/${method}`;
  const answers: (() => Promise<void>)[] = [];
  let holding = true;
  const hold = async (route: Route) => {
    if (!holding) return route.continue();
    const response = await route.fetch();
    answers.push(() => route.fulfill({ response }));
  };
  await page.route(pattern, hold);
  return {
    held: () => answers.length,
    deliver: (n) => answers[n]!(),
    // Not unrouted: Playwright would let the answers still held go on at once.
    stop: async () => void (holding = false),
  };
}

export interface SandboxAdmin {
  /** POST to one of the sandbox's admin calls, expecting `status`; answers its body. */
  post(path: string, body: object, status?: number): Promise<unknown>;
  faults(settings: object): Promise<void>;
  advance(seconds: number): Promise<void>;
  createGroup(name: string, walletId: string): Promise<string>;
  /** Stops the sandbox for real (its port refuses connections), as when the service is down. */
  stop(): Promise<void>;
}

/** The Local sandbox's admin calls, with its own certificate and the demo credentials. */
export async function sandboxAdmin(page: Page, dataDir: string): Promise<SandboxAdmin> {
  const { profiles } = await deskCall<{ profiles: { kind: string; base_url: string }[] }>(
    page,
    'listProfiles',
    {},
  );
  const local = profiles.find((profile) => profile.kind === 'local')!;
  // The certificate the Local sandbox made in the app's data folder on its first start.
  const ca = await readFile(join(dataDir, 'sandbox', 'sandbox-cert.pem'), 'utf8');
  const https = new HttpsJson(local.base_url, ca);
  const token = await https.call('POST', '/auth/token', {
    body: { api_key: 'sandbox-api-key', client_secret: 'sandbox-client-secret' },
  });
  expect(token.status).toBe(201);
  const bearer = (token.body as { token: string }).token;
  const post = async (path: string, body: object, status = 200) => {
    const answer = await https.call('POST', path, { body, token: bearer });
    expect(answer.status).toBe(status);
    return answer.body;
  };
  return {
    post,
    faults: async (settings) => void (await post('/_sandbox/faults', settings)),
    advance: async (seconds) => void (await post('/_sandbox/clock', { advance_seconds: seconds })),
    async stop() {
      await post('/_sandbox/stop', {});
      https.close();
    },
    async createGroup(name, walletId) {
      const body = { name, wallet_id: walletId, description: 'Made by an end-to-end test' };
      return ((await post('/_sandbox/groups', body, 201)) as { id: string }).id;
    },
  };
}

/** A screenshot of the state (light, dark, 200%), which axe must find no serious fault in. */
export async function lookedAt(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  expect({ name, violations: await seriousViolations(page) }).toEqual({ name, violations: [] });
}

/** The status bar's connectivity: "Offline · last contact 5 seconds ago" and the like. */
export const connectivity = (page: Page): Promise<string> =>
  page
    .getByRole('contentinfo', { name: 'Status' })
    .getByRole('status')
    .textContent()
    .then((text) => (text ?? '').replace(/\s+/g, ' ').trim());

/** What the status bar says once the service is stopped: offline, since the last answer. */
export const OFFLINE_SINCE_LAST_CONTACT =
  /^Offline · last contact (now|\d+ seconds? ago|\d+ minutes? ago)$/;

/**
 * Approve at service, as a person does it: the button, then the confirmation that says what it
 * releases. Answers the confirmation's words.
 */
export async function approveAtService(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Approve at service' }).click();
  const dialog = page.getByRole('alertdialog');
  const words = ((await dialog.textContent()) ?? '').replace(/\s+/g, ' ');
  await dialog.getByRole('button', { name: /^Approve \d/ }).click();
  return words;
}
