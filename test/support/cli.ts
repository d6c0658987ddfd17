// Runs the installed-style `payout-desk` command (bin/payout-desk.mjs) with a data folder of
// the test's own.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/payout-desk.mjs', import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(
  home: string,
  args: string[],
  env: Record<string, string> = {},
  cwd?: string,
): Promise<CliRun> {
  // Relative arguments in tests mean the repository root, wherever `npm test` was typed:
  // INIT_CWD reaches the command only when a test gives it.
  const { INIT_CWD: _typedIn, ...inherited } = process.env;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { ...inherited, PAYOUT_DESK_HOME: home, ...env },
      ...(cwd ? { cwd } : {}),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
