// Sheets out: the template for a new batch, and a batch's own sheet annotated with what became
// of each row. Both work offline: they read only the outbox.
import { batchName } from './batch-commands';
import { print, UsageError, type CliContext, parseCommandLine } from './context';

export async function templateCommand(ctx: CliContext, args: string[]): Promise<void> {
  const { values, positionals } = parseCommandLine(1, {
    args,
    allowPositionals: true,
    options: { force: { type: 'boolean' } },
  });
  const file = positionals[0];
  if (!file) throw new UsageError('usage: payout-desk template FILE.xlsx|FILE.csv [--force]');
  const written = await ctx.desk.api.writeTemplate({ file, force: values.force === true });
  print(
    ctx,
    { file: written.file, format: written.format, columns: written.columns },
    () =>
      `Wrote the template to ${file}: ${written.columns.length} columns${written.format === 'xlsx' ? ', each header with a note, the code columns with drop-down lists' : ''}, and ${written.rows} example rows to replace with your payments.\nThen: payout-desk import ${file}`,
  );
}

export async function exportCommand(ctx: CliContext, args: string[]): Promise<void> {
  const { values, positionals } = parseCommandLine(2, {
    args,
    allowPositionals: true,
    options: { force: { type: 'boolean' } },
  });
  const [name, file] = positionals;
  if (!name || !file) {
    throw new UsageError('usage: payout-desk export BATCH FILE.xlsx|FILE.csv [--force]');
  }
  const written = await ctx.desk.api.exportResults({
    batch: batchName(name),
    file,
    force: values.force === true,
  });
  const states = Object.entries(written.states);
  print(
    ctx,
    { file: written.file, batch: written.batch, rows: written.rows },
    () =>
      `Wrote ${written.rows.toLocaleString('en')} payment rows of batch "${written.batch}" (from ${written.source.file}, sheet "${written.source.sheet}") to ${file} (the sheet's other rows where they were), each payment with its state and any error on the right${
        states.length
          ? `: ${states.map(([state, count]) => `${count.toLocaleString('en')} ${state}`).join(', ')}`
          : ''
      }${
        written.rows_left_out
          ? `. ${written.rows_left_out.toLocaleString('en')} skipped rows were past what an import keeps, so they are left empty`
          : ''
      }`,
  );
}
