// What the command says when it cannot do what it was asked, and with which exit status: 2 for
// a command line to correct (an unknown command or option, a value missing or malformed, a
// file that is not there or is there already), each with what to type instead; 1 for what
// failed on the way. Also the template, whose one documented run this is. Most of these stop
// before the service is needed; one data folder serves them all.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, runCliJson } from '../../support/cli';
import { departuresFromReadme } from '../../support/readme-shapes';

const SHEET = 'test/fixtures/payouts-template.csv';

let home: string;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'payout-desk-exits-'));
});
afterAll(() => rm(home, { recursive: true, force: true }));

const cli = (...args: string[]) => runCli(home, args);
const at = (name: string) => join(home, name);

describe('payout-desk exit status 2: the command line to correct', () => {
  it('names an unknown command and shows the usage', async () => {
    const run = await cli('frobnicate');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^unknown command "frobnicate"\nusage: payout-desk COMMAND/);
    // With --json, the JSON a script reads on stdout, as for any failure: stdout was empty.
    const scripted = await cli('frobnicate', '--json');
    expect(scripted.code).toBe(2);
    expect(JSON.parse(scripted.stdout)).toEqual({
      error: { code: 'invalid_input', message: expect.stringContaining('unknown command') },
    });
  });

  it('gives a failure as JSON on stdout with --json, in the desk error shape', async () => {
    const run = await cli('show', 'No such batch', '--json');
    expect(run.code).toBe(2);
    const { error } = JSON.parse(run.stdout) as { error: { code: string; message: string } };
    expect(error.code).toBe('not_found');
    // The same words as on stderr, where a person reads them.
    expect(run.stderr).toBe(`payout-desk show: ${error.message}\n`);
  });

  it('prints the usage asked for on stdout, with exit status 0', async () => {
    const run = await cli('help');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^usage: payout-desk COMMAND/);
    expect(run.stderr).toBe('');
  });

  // In the command's words, not node:util's ("place it at the end of the command after
  // '--'"), with that command's usage alone, not the whole list.
  it.each([
    [['import', SHEET, '--bogus'], 'unknown option --bogus', 'usage: payout-desk import FILE'],
    [['import', SHEET, '--batch'], '--batch needs a value', 'usage: payout-desk import FILE'],
    [['import', SHEET, '--approved=yes'], '--approved takes no value', 'payout-desk import FILE'],
    [['groups', 'extra'], 'unexpected argument "extra"', 'usage: payout-desk groups [--name N]'],
    // An option these commands do not take is not taken for a batch's name.
    [['delete', '--all'], 'unknown option --all', 'delete BATCH'],
    [['retry', '--force', 'January'], 'unknown option --force', 'usage: payout-desk retry BATCH'],
  ])('names what is wrong in %j and shows the usage', async (args, said, usage) => {
    const run = await cli(...args);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(`payout-desk ${args[0]}: ${said}`);
    expect(run.stderr).toContain(usage);
    expect(run.stderr).toContain('(payout-desk help lists every command)');
    expect(run.stderr).not.toContain('usage: payout-desk COMMAND');
    expect(run.stderr).not.toMatch(/Unknown option|argument missing|after '--'/);
  });

  it.each([
    [['import', SHEET, '--batch', ' '], '--batch needs a name'],
    [['groups', '--take', 'lots'], '--take takes a whole number of at least 1, not "lots"'],
    // Date-times are instants, not days: noon is after six the same morning.
    [
      ['statement', 'any-wallet', '--from', '2030-01-01T12:00:00Z', '--to', '2030-01-01T06:00:00Z'],
      '--from 2030-01-01T12:00:00Z is after --to 2030-01-01T06:00:00Z: swap them',
    ],
    // A day the month lacks is no date: it was rolled into the next month, unsaid.
    [
      ['statement', 'any-wallet', '--from', '2030-02-01', '--to', '2030-02-30'],
      '--to takes a date such as 2026-11-01, not "2030-02-30"',
    ],
    [['import', 'payroll.xlsx'], 'there is no file payroll.xlsx: check the path'],
    // A name typed without quotes would lose its last word: refused, with the quotes to type.
    [
      ['rename', 'January', 'Feb', '2026'],
      'one argument too many: "2026". A name with spaces goes in quotes: "Feb 2026"',
    ],
    [['show', 'January', 'extra'], 'one argument too many: "extra"'],
    [
      ['import', SHEET, '--mapping', 'no-such-mapping.json'],
      'the mapping file cannot be used: there is no file no-such-mapping.json: check the path',
    ],
  ])('refuses %j, saying what to correct', async (args, said) => {
    const run = await cli(...args);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(`payout-desk ${args[0]}: ${said}`);
  });

  it(
    'refuses to write over a file, naming --force, and writes the template with it',
    { timeout: 60_000 },
    async () => {
      const file = at('mine.xlsx');
      await writeFile(file, 'my own work');
      const refused = await cli('template', file);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(`${file} already exists`);
      expect(refused.stderr).toContain('(--force replaces it)');
      expect(await readFile(file, 'utf8')).toBe('my own work');

      const { value } = await runCliJson<{ columns: string[] }>(home, [
        'template',
        file,
        '--force',
      ]);
      expect(departuresFromReadme(value, 'template')).toEqual([]);
      expect(value).toMatchObject({ file, format: 'xlsx' });
      expect(value.columns).toEqual(expect.arrayContaining(['amount', 'tag:department']));
      expect(await readFile(file, 'utf8')).not.toBe('my own work');
    },
  );
});

describe('payout-desk exit status 1: what failed on the way', () => {
  it('says so when no sheet in a file is a payment list', async () => {
    const notes = at('notes.txt');
    await writeFile(notes, 'Dear team,\nplease pay the usual people this month.\nThanks\n');
    const run = await cli('import', notes, '--batch', 'Notes');
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^payout-desk import: .*no sheet looks like a payment list/m);
    // The command line says how to name the columns, by their letters too.
    expect(run.stderr).toMatch(
      /--mapping FILE gives the columns .*by their letters.*\{"A": "bank_code"/,
    );
  });
});
