// Every import starts a worker to read its sheet, and the worker loads its modules before the
// first row. A schema library among them (zod, which the contract's schemas need and reading
// does not, pulled in by one constant) made every import slower to start: the 24 tests of
// amounts-follow-the-sheets-decimal-mark-and-currency took 14.6 s with it and 9.9 s without.
// The worker's bundle names the packages it imports by their files: zod is not one of them.
import { describe, expect, it } from 'vitest';
import { readingWorkerScript } from '../../../electron/core/sheets/drafting/sheet-reading';

describe('the reading worker', () => {
  it('imports no schema library', async () => {
    const script = await readingWorkerScript();
    const code = Buffer.from(script.href.slice(script.href.indexOf(',') + 1), 'base64').toString();
    const packages = new Set(
      [...code.matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)\//g)].map((match) => match[1]),
    );
    expect(packages.size).toBeGreaterThan(0); // it does import packages, by their files
    expect([...packages]).not.toContain('zod');
  });
});
