// The sandbox as its own process, as a user starts it, for the benchmarks.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export interface SandboxProcess {
  child: ChildProcess;
  baseUrl: string;
  ca: string;
  stop(): Promise<void>;
}

export async function startSandboxProcess(nodeArgs: string[] = []): Promise<SandboxProcess> {
  const dataDir = await mkdtemp(join(tmpdir(), 'payout-desk-bench-'));
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', 'sandbox/main.ts', '--port', '0', '--data', dataDir],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const ready = JSON.parse(await firstLine(child.stdout!)) as { base_url: string; ca: string };
  return {
    child,
    baseUrl: ready.base_url,
    ca: await readFile(ready.ca, 'utf8'),
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function firstLine(stream: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: stream });
    lines.once('line', (line) => {
      resolve(line);
      lines.close();
    });
    lines.once('close', () => reject(new Error('the sandbox exited before it was ready')));
  });
}
