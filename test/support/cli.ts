// Runs the `payout-desk` command with a data folder of the test's own: the command as the test
// setup bundled it (dist/test-app/cli.mjs, built from electron/cli.ts), or as installed
// (bin/payout-desk.mjs, through tsx) where the test is about the installed command.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { TEST_APP_DIR } from './build-for-tests';

const BUNDLE = join(TEST_APP_DIR, 'cli.mjs');
const BIN = fileURLToPath(new URL('../../bin/payout-desk.mjs', import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  /** Added to the environment the tests run in. */
  env?: Record<string, string>;
  cwd?: string;
  /** Ctrl-C (SIGINT) once stderr shows this: a person stopping the command as it runs. */
  interruptWhen?: RegExp;
  /** Run bin/payout-desk.mjs, the command as `npm install` puts it on the path. */
  installed?: boolean;
}

export function runCli(home: string, args: string[], options: CliOptions = {}): Promise<CliRun> {
  // Relative arguments in tests mean the repository root, wherever `npm test` was typed:
  // INIT_CWD reaches the command only when a test gives it.
  const { INIT_CWD: _typedIn, ...inherited } = process.env;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [options.installed ? BIN : BUNDLE, ...args], {
      env: { ...inherited, PAYOUT_DESK_HOME: home, ...options.env },
      ...(options.cwd ? { cwd: options.cwd } : {}),
    });
    let stdout = '';
    let stderr = '';
    let interrupted = false;
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (options.interruptWhen && !interrupted && options.interruptWhen.test(stderr)) {
        interrupted = true;
        child.kill('SIGINT');
      }
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * A run with --json that must succeed: its stdout parsed, which fails unless stdout holds the
 * JSON and nothing else.
 */
export async function runCliJson<T = Record<string, unknown>>(
  home: string,
  args: string[],
  options: CliOptions = {},
): Promise<{ value: T; stderr: string }> {
  const run = await runCli(home, [...args, '--json'], options);
  expect(run.code, run.stderr).toBe(0);
  return { value: JSON.parse(run.stdout) as T, stderr: run.stderr };
}
