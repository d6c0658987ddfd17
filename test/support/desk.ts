// A desk as the app builds it, in a temporary data folder: the real outbox, the real Local
// sandbox over HTTPS on loopback, and no keychain unless a test brings one. Events are kept.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DeskEvent } from '../../shared/desk';
import { amountFromNumber } from '../../shared/domain/money';
import { createDesk, type Desk, type DeskOptions } from '../../electron/core/desk';
import { startBuiltInSandbox } from '../../electron/sandbox-starter';
import { DEMO_CREDENTIALS, type SandboxOptions } from '../../sandbox/sandbox';
import { startTestSandbox, type TestSandbox } from './sandbox';

export interface TestDesk {
  desk: Desk;
  dataDir: string;
  events: DeskEvent[];
  close(): Promise<void>;
}

export async function openTestDesk(options: Partial<DeskOptions> = {}): Promise<TestDesk> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'payout-desk-desk-')));
  const desk = createDesk({
    dataDir,
    startSandbox: startBuiltInSandbox,
    secretStore: null,
    ...options,
  });
  const events: DeskEvent[] = [];
  desk.on((event) => events.push(event));
  return {
    desk,
    dataDir,
    events,
    async close() {
      await desk.close();
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The saved profile a test's own sandbox is reached by: "Team sandbox", a sandbox, unless said. */
export interface TeamProfile {
  name?: string;
  kind?: 'sandbox' | 'production';
}

/**
 * Points the desk at a sandbox of the test's own as a saved profile, "Team sandbox" unless
 * named, its credentials kept in memory (the test desk has no keychain), and makes it the
 * profile in use: a service the test can stop and start again, unlike the built-in Local sandbox.
 */
export async function useTeamSandbox(
  t: TestDesk,
  service: TestSandbox,
  { name = 'Team sandbox', kind = 'sandbox' }: TeamProfile = {},
): Promise<void> {
  const { api } = t.desk;
  await api.addProfile({
    name,
    kind,
    base_url: service.sandbox.baseUrl,
    auth_url: service.sandbox.authUrl,
    ca_path: service.sandbox.caPath,
  });
  await api.setCredentials({
    name,
    api_key: DEMO_CREDENTIALS.apiKey,
    client_secret: DEMO_CREDENTIALS.clientSecret,
    keep_in_memory: true,
  });
  await api.selectProfile({ name });
}

/**
 * A test desk on a sandbox of the test's own (useTeamSandbox), started with `sandbox`'s options
 * (a deployment that decided otherwise: its settings); close both when done.
 */
export async function openDeskOnTeamSandbox(
  profile: TeamProfile = {},
  sandbox: Partial<SandboxOptions> = {},
): Promise<{ t: TestDesk; service: TestSandbox }> {
  const service = await startTestSandbox(sandbox);
  const t = await openTestDesk();
  await useTeamSandbox(t, service, profile);
  return { t, service };
}

/**
 * What the service's groups of a wallet say they hold to debit (each group's
 * `info.payments.amount`), summed: what a funding need is checked against.
 */
export async function heldByTheGroupsOf(desk: Desk, walletId: string): Promise<bigint> {
  const { items } = await desk.api.listGroups({ query: { wallet: [walletId], take: 500 } });
  return items.reduce(
    (sum, group) => sum + amountFromNumber(group.info.payments.amount.amount),
    0n,
  );
}
