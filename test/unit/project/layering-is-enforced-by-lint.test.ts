// DESIGN.md's one-way dependencies are an ESLint rule per folder: prove that a wrong arrow
// fails the lint and a right one passes, with the project's own configuration.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function importErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('layering', () => {
  it.each([
    ['shared/service/x.ts', "import { readFileSync } from 'node:fs';"],
    ['shared/domain/x.ts', "import { app } from 'electron';"],
    ['shared/domain/x.ts', "import { startSandbox } from '../../sandbox/sandbox';"],
    ['sandbox/x.ts', "import { core } from '../electron/core/desk';"],
    ['electron/core/x.ts', "import { BrowserWindow } from 'electron';"],
    ['electron/core/client/x.ts', "import { startSandbox } from '../../../sandbox/sandbox';"],
    ['renderer/src/x.ts', "import { homedir } from 'node:os';"],
    ['renderer/src/x.ts', "import { openOutbox } from '../../electron/core/outbox';"],
  ])('refuses an import in %s: %s', async (filePath, source) => {
    expect(await importErrors(filePath, `${source}\nexport {};\n`)).not.toEqual([]);
  });

  it.each([
    ['sandbox/x.ts', "import { Payment } from '../shared/service';"],
    ['electron/core/x.ts', "import { Payment } from '../../shared/service';"],
    ['renderer/src/x.ts', "import { Payment } from '../../shared/service';"],
    ['shared/service/x.ts', "import { z } from 'zod';"],
  ])('allows an import in %s: %s', async (filePath, source) => {
    expect(await importErrors(filePath, `${source}\nexport {};\n`)).toEqual([]);
  });
});
