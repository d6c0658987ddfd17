// `npm run cli -- template out.csv` typed in a folder of one's own: npm runs the command from
// the package root and says in INIT_CWD where it was typed, and that folder is where out.csv
// belongs. An npm script of another project, though, runs from that project's root, and its
// relative paths mean that root.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../support/cli';

const REPO_ROOT = process.cwd();

let root: string;
let file: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'payout-desk-init-cwd-'));
});
afterEach(async () => {
  await rm(join(REPO_ROOT, file), { force: true }); // only there if the test fails
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('a relative path given to payout-desk', () => {
  it('lands in the folder `npm run cli` was typed in, not the repository root', async () => {
    const typedIn = join(root, 'typed-in');
    await mkdir(typedIn);
    file = `template-${randomUUID()}.csv`;
    const run = await runCli(join(root, 'home'), ['template', file], {
      env: { INIT_CWD: typedIn },
      installed: true,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(join(typedIn, file))).toBe(true);
    expect(existsSync(join(REPO_ROOT, file))).toBe(false);
  });

  it("lands in another project's root when that project's npm script runs the command", async () => {
    const project = join(root, 'project');
    const typedIn = join(project, 'sub');
    await mkdir(typedIn, { recursive: true });
    file = `template-${randomUUID()}.csv`;
    const run = await runCli(join(root, 'home'), ['template', file], {
      env: { INIT_CWD: typedIn },
      installed: true,
      cwd: project,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(join(project, file))).toBe(true);
    expect(existsSync(join(typedIn, file))).toBe(false);
  });
});
