// A desk as the app builds it, in a temporary data folder: the real outbox, the real Local
// sandbox over HTTPS on loopback, and no keychain unless a test brings one. Events are kept.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DeskEvent } from '../../shared/desk';
import { createDesk, type Desk, type DeskOptions } from '../../electron/core/desk';
import { startBuiltInSandbox } from '../../electron/sandbox-starter';

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
