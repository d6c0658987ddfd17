// DESIGN.md: only electron/main.ts and electron/preload.ts import 'electron'. The shell's
// decisions in electron/shell/ may name Electron's types, never load it; the CLI, the host and
// the core process never see it; the shell, like every face, reaches the core only through
// core/desk. Checked with the project's own lint configuration.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });
const RULES = ['no-restricted-imports', 'layering/zones'];

async function importErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport {};\n`, { filePath });
  return (result?.messages ?? [])
    .filter((message) => RULES.includes(message.ruleId ?? ''))
    .map((message) => message.message);
}

describe('electron imports', () => {
  it.each([
    ['electron/cli.ts', "import { app } from 'electron';"],
    ['electron/host.ts', "import { app } from 'electron';"],
    ['electron/core-process.ts', "import { utilityProcess } from 'electron';"],
    ['electron/shell/x.ts', "import { shell } from 'electron';"],
  ])('are refused in %s: %s', async (file, source) => {
    expect((await importErrors(file, source)).join('\n')).toMatch(/electron/);
  });

  it.each([
    ['electron/main.ts', "import { app } from 'electron';"],
    ['electron/preload.ts', "import { contextBridge } from 'electron';"],
    ['electron/shell/x.ts', "import type { BrowserWindow } from 'electron';"],
  ])('are allowed in %s: %s', async (file, source) => {
    expect(await importErrors(file, source)).toEqual([]);
  });

  it.each([
    ['electron/shell/x.ts', "import { Outbox } from '../core/outbox';"],
    ['electron/preload.ts', "import { Outbox } from './core/outbox';"],
  ])('keep the shell out of the core’s insides: %s', async (file, source) => {
    expect((await importErrors(file, source)).join('\n')).toMatch(/only through core\/desk/);
  });
});
