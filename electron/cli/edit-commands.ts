// A row corrected from the command line, and the last change taken back: what `retry` and
// `show` send a person to do, without the app. Each is one desk call (editDraft, undo), so an
// edit is revalidated by the same rules as the app's, and the app's Undo takes it back too.
import { EditableField, type DeskInput, type Draft } from '../../shared/desk';
import { batchName } from './batch-commands';
import { parseCommandLine, print, UsageError, type CliContext } from './context';

const BENEFICIARY = 'beneficiary.';
const BANK = 'beneficiary.bank_details.';

/** Short names for the fields a sheet's columns fill most often; the desk's own names work too. */
const FIELD_NAMES: Record<string, EditableField> = {
  amount: 'amount.amount',
  currency: 'amount.currency',
  amount_type: 'amount.type',
  date: 'execution.date',
  execution_date: 'execution.date',
  approved_at_service: 'approved',
  purpose: 'purpose',
  description: 'description',
  payee_type: `${BENEFICIARY}type`,
  country: `${BENEFICIARY}country`,
  account_currency: `${BENEFICIARY}currency`,
  account_name: `${BANK}account_name`,
  account_number: `${BANK}account_number`,
  iban: `${BANK}account_number`,
  bank_code: `${BANK}bank_code`,
  sort_code: `${BANK}bank_code`,
  routing_number: `${BANK}bank_code`,
  bic: `${BANK}bank_identifier_code`,
  first_name: `${BENEFICIARY}entity.individual_first_name`,
  last_name: `${BENEFICIARY}entity.individual_last_name`,
  company_name: `${BENEFICIARY}entity.company_name`,
};

const USAGE =
  'usage: payout-desk edit BATCH ROW FIELD=VALUE [FIELD=VALUE ...] [--json]\n' +
  `  FIELD: ${Object.keys(FIELD_NAMES).join(', ')}, or the desk's own name (beneficiary.bank_details.bank_code);\n` +
  '  an amount as 1234.50, a date as 2030-01-31; FIELD= with nothing after it clears the field';

/** `amount=12.50`: the field named, and its value as the desk takes it ('' clears it: null). */
function parseChange(text: string): [EditableField, string | null] {
  const at = text.indexOf('=');
  if (at <= 0) throw new UsageError(`"${text}" is not FIELD=VALUE\n${USAGE}`);
  const name = text.slice(0, at).trim();
  const field = FIELD_NAMES[name.toLowerCase()] ?? EditableField.safeParse(name).data;
  if (!field) throw new UsageError(`"${name}" is not a field a row has\n${USAGE}`);
  const value = text.slice(at + 1);
  return [field, value.trim() === '' ? null : value];
}

/** The draft of a sheet row, found as the app's search finds a row by its number. */
async function draftOfRow(ctx: CliContext, batchId: string, row: number): Promise<Draft> {
  const filter = { text: String(row) };
  // The search finds the row and any draft whose account or words hold its digits, in row order.
  for (let skip = 0; ; skip += 1000) {
    const page = await ctx.desk.api.draftWindow({
      batch: batchId,
      skip,
      take: 1000,
      sort: { by: 'row' },
      filter,
    });
    const found = page.rows.find((draft) => draft.row === row);
    if (found) return found;
    const last = page.rows.at(-1)?.row ?? null;
    if (page.rows.length < 1000 || last === null || last > row) break;
  }
  throw new UsageError(`the batch has no row ${row}: payout-desk show BATCH lists its rows`);
}

export async function editCommand(ctx: CliContext, args: string[]): Promise<void> {
  const { positionals } = parseCommandLine(Number.POSITIVE_INFINITY, {
    args,
    allowPositionals: true,
    options: {},
  });
  const [name, rowText, ...changeTexts] = positionals;
  if (!name || !rowText || changeTexts.length === 0) throw new UsageError(USAGE);
  if (!/^\d+$/.test(rowText) || Number(rowText) < 1) {
    throw new UsageError(`ROW is the row's number in the sheet, such as 12, not "${rowText}"`);
  }
  const changes: DeskInput<'editDraft'>['changes'] = {};
  for (const text of changeTexts) {
    const [field, value] = parseChange(text);
    changes[field] = field === 'approved' && value !== null ? yesOrNo(value) : value;
  }
  const batch = await ctx.desk.api.getBatch({ batch: batchName(name) });
  const draft = await draftOfRow(ctx, batch.id, Number(rowText));
  const saved = await ctx.desk.api.editDraft({ id: draft.id, changes });
  const issues = saved.issues.map((issue) => ({
    field: issue.field,
    cell: issue.cell ?? null,
    message: issue.message,
    severity: issue.severity,
  }));
  print(ctx, { row: saved.row, id: saved.id, state: saved.state, issues }, () =>
    [
      `Row ${saved.row} saved: ${saved.state}${saved.state === 'draft' && draft.state === 'approved' ? ' again, to approve once checked' : ''}`,
      ...issues.map((i) => `  ${i.severity === 'error' ? '!' : '?'} ${i.field}: ${i.message}`),
    ].join('\n'),
  );
}

function yesOrNo(value: string): boolean {
  if (/^(true|yes|1)$/i.test(value.trim())) return true;
  if (/^(false|no|0)$/i.test(value.trim())) return false;
  throw new UsageError(`approved takes yes or no, not "${value}"`);
}

export async function undoCommand(ctx: CliContext, args: string[]): Promise<void> {
  const { positionals } = parseCommandLine(1, { args, allowPositionals: true, options: {} });
  const batch = await ctx.desk.api.getBatch({ batch: batchName(positionals[0]) });
  const result = await ctx.desk.api.undo({ batch: batch.id });
  print(ctx, result, () =>
    [
      `Undid ${result.undone}: ${result.drafts} draft${result.drafts === 1 ? '' : 's'} ${result.change === 'append' ? 'taken out' : 'put back'}`,
      ...(result.unapproved > 0
        ? [`${result.unapproved} approved since are drafts again, to approve once checked`]
        : []),
      ...(result.remaining > 0 ? [`${result.remaining} still to put back: undo again`] : []),
    ].join('\n'),
  );
}
