// DESIGN.md's one-way dependencies are ESLint rules: prove that a wrong arrow fails the lint
// and a right one passes, with the project's own configuration, at any depth of the importer.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

const IMPORT_RULES = ['no-restricted-imports', 'layering/zones', 'layering/packages'];

async function importErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport {};\n`, { filePath });
  return (result?.messages ?? [])
    .filter((message) => IMPORT_RULES.includes(message.ruleId ?? ''))
    .map((message) => message.message);
}

describe('layering', () => {
  it.each([
    // Bare modules: Node, electron, better-sqlite3 where they do not belong.
    ['shared/service/x.ts', "import { readFileSync } from 'node:fs';", 'no Node'],
    ['shared/domain/x.ts', "import { app } from 'electron';", 'no Node, DOM or Electron'],
    ['electron/core/x.ts', "import { BrowserWindow } from 'electron';", 'never imports electron'],
    ['electron/core/sync/x.ts', "import { app } from 'electron';", 'never imports electron'],
    ['sandbox/x.ts', "import { app } from 'electron';", 'never imports electron'],
    ['renderer/src/x.ts', "import { homedir } from 'node:os';", 'no Node or Electron'],
    // shared/: an allow-list of npm packages, and no other zone.
    ['shared/domain/x.ts', "import { uniq } from 'lodash';", 'only zod and ibantools'],
    ['shared/domain/x.ts', "import { x } from '@scope/zod';", 'only zod and ibantools'],
    ['shared/service/x.ts', "import { z } from 'zod-mini';", 'only zod and ibantools'],
    [
      'shared/domain/x.ts',
      "import { startSandbox } from '../../sandbox/sandbox';",
      'no other zone',
    ],
    ['shared/domain/x.ts', "import { Outbox } from '../../electron/core/outbox';", 'no other zone'],
    ['shared/x.ts', "import { runCli } from '../test/support/cli';", 'no other zone'],
    // sandbox/ and renderer/ import only shared/.
    ['sandbox/x.ts', "import { core } from '../electron/core/desk';", 'imports only shared/'],
    [
      'sandbox/x/y.ts',
      "import { PaymentsClient } from '../../electron/core/client';",
      'only shared/',
    ],
    ['sandbox/x/y.ts', "import { Grid } from '../../renderer/src/grid';", 'imports only shared/'],
    ['renderer/src/x.ts', "import { openOutbox } from '../../electron/core/outbox';", 'DeskApi'],
    ['renderer/src/a/b/x.ts', "import { seed } from '../../../../sandbox/seed';", 'DeskApi'],
    // electron/core/ never imports the sandbox, the renderer, or the faces above it.
    [
      'electron/core/client/x.ts',
      "import { startSandbox } from '../../../sandbox/sandbox';",
      'plain',
    ],
    ['electron/core/outbox/x.ts', "import { Grid } from '../../../renderer/src/grid';", 'plain'],
    ['electron/core/sync/x.ts', "import { explain } from '../../cli';", 'plain Node'],
    // Inside the core, at any depth of the importer.
    [
      'electron/core/outbox/x.ts',
      "import type { DraftState } from '../sync/draft-state';",
      'outbox',
    ],
    [
      'electron/core/outbox/migrations/x.ts',
      "import { SyncEngine } from '../../sync/sync-engine';",
      'outbox',
    ],
    ['electron/core/outbox/x.ts', "export * from '../sheets/fields';", 'core/outbox imports no'],
    ['electron/core/outbox/x.ts', "const s = await import('../sync/sync-engine');", 'outbox'],
    ['electron/core/client/x.ts', "import { Outbox } from '../outbox';", 'core/client imports no'],
    ['electron/core/client/x.ts', "type R = import('../sync/sync-engine').SyncResult;", 'client'],
    [
      'electron/core/secrets/x.ts',
      "import type { TokenStore } from '../client/token-cache';",
      'secrets',
    ],
    [
      'electron/core/sync/x.ts',
      "import { importSheet } from '../sheets/sheet-import';",
      'core/sync',
    ],
    [
      'electron/core/sync/x.ts',
      "import { ProfileSecrets } from '../secrets';",
      'core/sync imports',
    ],
    ['electron/core/sync/x/y.ts', "import { createDesk } from '../../desk';", 'core/sync imports'],
    [
      'electron/core/sheets/x.ts',
      "import { SyncEngine } from '../sync/sync-engine';",
      'core/sheets',
    ],
    [
      'electron/core/sheets/reading/x.ts',
      "import { PaymentsClient } from '../../client';",
      'sheets',
    ],
    [
      'electron/cli.ts',
      "import { SyncEngine } from './core/sync/sync-engine';",
      'through core/desk',
    ],
    ['electron/cli/x.ts', "import { Outbox } from '../core/outbox';", 'through core/desk'],
    ['electron/host.ts', "import { importSheet } from './core/sheets';", 'through core/desk'],
    ['electron/main.ts', "import { KeychainSecretStore } from './core/secrets';", 'core/desk'],
  ])('refuses an import in %s: %s', async (filePath, source, why) => {
    const errors = await importErrors(filePath, source);
    expect(errors).not.toEqual([]);
    expect(errors.join('\n')).toContain(why);
  });

  it.each([
    ['sandbox/x.ts', "import { Payment } from '../shared/service';"],
    ['sandbox/routes/x.ts', "import { Payment } from '../../shared/service';"],
    ['sandbox/routes/x.ts', "import { router } from '../http/router';"],
    ['renderer/src/x.ts', "import { Payment } from '../../shared/service';"],
    ['shared/service/x.ts', "import { z } from 'zod';"],
    ['shared/service/x.ts', "import * as z from 'zod/mini';"],
    ['shared/domain/x.ts', "import { isValidIBAN } from 'ibantools';"],
    ['shared/service/x.ts', "import { parseAmount } from '../domain/money';"],
    ['electron/core/x.ts', "import { Payment } from '../../shared/service';"],
    ['electron/core/x.ts', "import { PaymentsClient } from './client';"],
    ['electron/core/outbox/x.ts', "import type { DraftState } from '../../../shared/domain';"],
    ['electron/core/outbox/migrations/x.ts', "import type { Db } from '../database';"],
    ['electron/core/sync/x.ts', "import { Outbox } from '../outbox';"],
    ['electron/core/sync/x/y.ts', "import { PaymentsClient } from '../../client/payments-client';"],
    ['electron/core/sheets/reading/x.ts', "import { Outbox } from '../../outbox';"],
    [
      'electron/core/sheets/reading/x.ts',
      "import { parseAmount } from '../../../../shared/domain';",
    ],
    ['electron/core/desk/x.ts', "import { SyncEngine } from '../sync/sync-engine';"],
    ['electron/core/desk/x.ts', "import { importSheet } from '../sheets/sheet-import';"],
    ['electron/core/desk/x.ts', "import { ProfileSecrets } from '../secrets';"],
    ['electron/core/secrets/x.ts', "import type { SecretStore } from './secret-store';"],
    ['electron/cli.ts', "import { createDesk } from './core/desk';"],
    ['electron/cli/x.ts', "import { createDesk, type Desk } from '../core/desk';"],
    ['electron/host.ts', "import { createDesk } from './core/desk';"],
  ])('allows an import in %s: %s', async (filePath, source) => {
    expect(await importErrors(filePath, source)).toEqual([]);
  });

  it('passes the files that once pointed the wrong way', async () => {
    const results = await eslint.lintFiles([
      'electron/core/outbox/draft-types.ts',
      'electron/core/outbox/draft-repository.ts',
      'electron/core/outbox/import-repository.ts',
      'electron/core/secrets/profile-secrets.ts',
    ]);
    const messages = results.flatMap((result) =>
      result.messages
        .filter((message) => IMPORT_RULES.includes(message.ruleId ?? ''))
        .map((message) => `${result.filePath}: ${message.message}`),
    );
    expect(messages).toEqual([]);
  });
});
