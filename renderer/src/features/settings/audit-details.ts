// An audit entry's details as a person would write them ("Approved 12 drafts; 3 could not
// be"), not as they are stored ("approved: 12; refused: 3"). Each action's details are the
// desk's own (electron/core/desk); a key this file does not know still shows, in words.
import { draftColumns } from '../editor/draft-columns';
import {
  formatCount,
  formatMoney,
  formatSentence as sentence,
  isDecimalText,
} from '../../lib/format';

type Details = Record<string, unknown>;

const count = (value: unknown): number => (typeof value === 'number' ? value : 0);
const plural = (n: number, one: string, many = `${one}s`) =>
  `${formatCount(n)} ${n === 1 ? one : many}`;
const quoted = (value: unknown) => `“${String(value)}”`;

/** A draft's field as the editor's column calls it ("Execution date"), else its last words. */
const COLUMN_OF_FIELD = new Map<string, string>(
  draftColumns(() => undefined).flatMap((column) =>
    column.field ? [[column.field, column.header.toLowerCase()] as const] : [],
  ),
);
function fieldName(field: unknown): string {
  const path = String(field);
  return COLUMN_OF_FIELD.get(path) ?? (path.split('.').at(-1) ?? path).replaceAll('_', ' ');
}
const fieldList = (fields: unknown): string =>
  Array.isArray(fields) ? fields.map(fieldName).join(', ') : fieldName(fields);

/** A bulk edit's fields that are not a column of the grid, as the bulk edit dialog names them. */
const BULK_FIELDS: Record<string, string> = {
  approved: 'approval at the service',
  'amount.type': 'amount type',
};
const bulkFieldName = (field: string): string => BULK_FIELDS[field] ?? fieldName(field);

function bulkValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'empty';
  if (field === 'approved') return value === true ? 'approved' : 'for approval there';
  return quoted(value);
}

const EXECUTION_DATE_RULES: Record<string, string> = {
  from_sheet: 'left for the sheet to give',
  today: 'today',
  next_weekday: 'the next weekday',
};
const SERVICE_APPROVAL: Record<string, string> = {
  approved: 'payments go to the service approved',
  for_approval: 'payments go to the service for approval there',
};

function settingsChanged(details: Details): string {
  const said = Object.entries(details).map(([key, value]) => {
    switch (key) {
      case 'chunk_size':
        return `${plural(count(value), 'payment')} per request`;
      case 'execution_date_rule':
        return `a blank execution date is ${EXECUTION_DATE_RULES[String(value)] ?? String(value)}`;
      case 'default_purpose':
        return value === null
          ? 'the purpose is guessed from the payee'
          : `the default purpose is ${String(value)}`;
      case 'service_approval':
        return SERVICE_APPROVAL[String(value)] ?? String(value);
      case 'second_approver':
        return value
          ? 'a second person must approve at the service'
          : 'no second person is needed to approve at the service';
      default:
        return inWords(key, value);
    }
  });
  return sentence(said.join('; '));
}

/** A key and value this file does not know, still readable. */
function inWords(key: string, value: unknown): string {
  const shown =
    typeof value === 'boolean'
      ? value
        ? 'yes'
        : 'no'
      : Array.isArray(value)
        ? value.join(', ')
        : typeof value === 'object' && value !== null
          ? JSON.stringify(value)
          : String(value);
  return `${key.replaceAll('_', ' ')}: ${shown}`;
}

/**
 * An edit of one draft: its row and payee, and each field from what it was to what it is
 * ("Row 5 (Anna Schmidt): account “DE89…” → “ES91…”"). Entries kept before the values were
 * recorded name the fields alone.
 */
function editDescribed(d: Details): string {
  const changes = changesSaid(d);
  if (changes === null) return `Changed the ${fieldList(d.fields)}.`;
  return `${rowAndPayee(d, 'A draft')}: ${changes}.`;
}

/** Each field changed, from what it was to what it is; null for an entry kept without them. */
function changesSaid(d: Details): string | null {
  const changes = d.changes as Record<string, { from: unknown; to: unknown }> | undefined;
  if (!changes || typeof changes !== 'object') return null;
  const currency = d.currency as { from: string | null; to: string | null } | undefined;
  return Object.entries(changes)
    .map(([field, { from, to }]) =>
      field === 'amount.amount'
        ? `${fieldName(field)} ${money(from, currency?.from)} → ${money(to, currency?.to)}`
        : `${fieldName(field)} ${shown(from)} → ${shown(to)}`,
    )
    .join('; ');
}

const shown = (value: unknown) => (value === null || value === undefined ? 'empty' : quoted(value));
/**
 * An amount as every screen shows it: with its currency, grouped, to its decimals; a cell's
 * text that was no amount ("abc", before it was corrected) quoted as it was.
 */
const money = (value: unknown, code: unknown) =>
  typeof value === 'string' && typeof code === 'string' && code && isDecimalText(value)
    ? formatMoney(value, code)
    : shown(value);

/** A payee edited on its own: its name, then each change; fields alone in older entries. */
function payeeEditDescribed(d: Details): string {
  const changes = changesSaid(d);
  const name = typeof d.name === 'string' && d.name ? quoted(d.name) : null;
  if (changes === null) return `Changed the ${fieldList(d.fields)}${name ? ` of ${name}` : ''}.`;
  return `${name ?? 'A payee'}: ${changes}.`;
}

/** The payment an entry is about: "Row 5 (Anna Schmidt), GBP 1,200.00"; '' in older entries. */
function paymentSaid(d: Details): string {
  if (d.row === undefined && d.amount === undefined) return '';
  const amount = typeof d.amount === 'string' ? `, ${money(d.amount, d.currency)}` : '';
  return `${rowAndPayee(d, 'A payment')}${amount}: `;
}

/** "Row 5 (Anna Schmidt)": the row an entry is about and whom it pays, as kept. */
function rowAndPayee(d: Details, unnamed: string): string {
  const row = typeof d.row === 'number' ? `Row ${formatCount(d.row)}` : unnamed;
  return typeof d.payee === 'string' && d.payee ? `${row} (${d.payee})` : row;
}

const DESCRIBE: Record<string, (d: Details) => string> = {
  import: (d) =>
    `Read ${plural(count(d.rows), 'row')} of sheet ${quoted(d.sheet)} in ${quoted(d.file)} into ${plural(count(d.drafts), 'draft')}` +
    (d.appended_from_row !== undefined ? `, added from row ${String(d.appended_from_row)}.` : '.'),
  edit: editDescribed,
  bulk_edit: (d) => {
    const changes = d.changes;
    if (!changes || typeof changes !== 'object') {
      return `Set the ${fieldList(d.fields)} of ${plural(count(d.drafts), 'draft')}.`;
    }
    const each = Object.entries(changes).map(
      ([field, value]) => `${bulkFieldName(field)} to ${bulkValue(field, value)}`,
    );
    return `Set the ${each.join(', the ')}, on ${plural(count(d.drafts), 'draft')}.`;
  },
  delete: (d) => `${plural(count(d.drafts), 'draft')} deleted.`,
  undo: (d) =>
    `Undid ${String(d.undone)}: ${plural(count(d.drafts), 'draft')} ${d.change === 'append' ? 'taken out' : 'put back'}` +
    (count(d.left) > 0 ? `, ${formatCount(count(d.left))} left as they are (sent since)` : '') +
    (count(d.unapproved) > 0
      ? `, ${formatCount(count(d.unapproved))} of them approved since and drafts again`
      : '') +
    (count(d.remaining) > 0
      ? `; stopped with ${formatCount(count(d.remaining))} still to put back.`
      : '.'),
  approve: (d) =>
    `${plural(count(d.approved), 'draft')} approved` +
    (d.include_warnings ? ', warnings acknowledged' : '') +
    (count(d.refused) > 0 ? `; ${formatCount(count(d.refused))} could not be.` : '.'),
  unapprove: (d) => `${plural(count(d.unapproved), 'draft')} no longer approved.`,
  validate: (d) =>
    `${plural(count(d.checked), 'new payee')} checked at the service: ` +
    (count(d.invalid) === 0 ? 'all valid.' : `${formatCount(count(d.invalid))} invalid.`),
  edit_beneficiary: payeeEditDescribed,
  create_beneficiary: (d) =>
    typeof d.name === 'string' && d.name
      ? `Payee ${quoted(d.name)} saved here.`
      : 'A payee saved here.',
  import_beneficiaries: (d) =>
    `${plural(count(d.total), 'payee')} sent to the service: ${formatCount(count(d.created))} created, ` +
    `${formatCount(count(d.failed))} refused` +
    (count(d.not_sent) > 0 ? `, ${formatCount(count(d.not_sent))} not sent.` : '.'),
  sync: (d) => `Sync run ${String(d.run)}.`,
  sync_outcome: (d) => {
    const ended: Record<string, string> = {
      done: 'Finished',
      offline: 'Stopped: the service did not answer',
      interrupted: `Stopped: the service was busy or failing${d.error ? ` (${String(d.error)})` : ''}`,
      cancelled: 'Cancelled between chunks',
    };
    const left =
      `${formatCount(count(d.accepted))} accepted, ${formatCount(count(d.failed))} failed` +
      (count(d.awaiting) > 0
        ? `, ${formatCount(count(d.awaiting))} awaiting the service’s answer`
        : '') +
      (count(d.still_to_send) > 0 ? `, ${formatCount(count(d.still_to_send))} still to send` : '');
    const heldBack =
      count(d.held_back) > 0
        ? ` ${plural(count(d.held_back), 'approved payment')} held back: the service found the new payee wrong.`
        : '';
    return `${ended[String(d.state)] ?? String(d.state)}; the batch has ${left}.${heldBack}`;
  },
  retry_failed: (d) =>
    `${plural(count(d.requeued), 'failed payment')} to send again` +
    (count(d.refused) > 0 ? `; ${formatCount(count(d.refused))} could not be.` : '.'),
  approve_at_service: (d) => {
    const makers = Array.isArray(d.approved_here_by) ? d.approved_here_by.join(', ') : '';
    const payment = paymentSaid(d);
    const here = makers ? `approved here by ${makers}` : 'not approved here by anyone named';
    const said = d.second_approver
      ? `${here}; a second person approved it at the service.`
      : `${here}; the same person approved it at the service.`;
    return payment ? `${payment}${said}` : sentence(said);
  },
  rename: (d) => `Renamed from ${quoted(d.from)} to ${quoted(d.to)}.`,
  delete_batch: (d) =>
    `Batch ${quoted(d.name)} deleted with its ${plural(count(d.drafts), 'draft')}.`,
  set_group: (d) =>
    `Group ${String(d.group)}, ` +
    (d.checked
      ? 'checked with the service.'
      : 'taken from the last list fetched (offline); checked before the sync.'),
  set_service_approval: (d) => sentence(SERVICE_APPROVAL[String(d.service_approval)] ?? ''),
  delete_group: (d) =>
    (typeof d.name === 'string'
      ? `Group “${d.name}” (${String(d.group)}) deleted`
      : `Group ${String(d.group)} deleted`) +
    (d.clear ? ` with its ${plural(count(d.removed), 'pending payment')}` : '') +
    (count(d.drafts_updated) > 0
      ? `; ${plural(count(d.drafts_updated), 'draft')} updated to say so.`
      : '.'),
  profile: (d) =>
    `${d.replaced ? 'Replaced profile' : 'Profile'} ${quoted(d.name)}${d.kind === 'production' ? ' (production: real money)' : ''} at ${String(d.base_url)}.`,
  select_profile: (d) =>
    `To ${quoted(d.name)}${d.kind === 'production' ? ', production: real money' : ''}.`,
  remove_profile: (d) => `Profile ${quoted(d.name)}.`,
  credentials: (d) =>
    `For profile ${quoted(d.name)}, kept ` +
    (d.stored_in === 'memory' ? 'for this run only.' : 'in the system keychain.'),
  remove_credentials: (d) => `Of profile ${quoted(d.name)}.`,
  settings: settingsChanged,
};

export function describeDetails(action: string, details: Details): string {
  if (Object.keys(details).length === 0) return '';
  const describe = DESCRIBE[action];
  return describe
    ? describe(details)
    : sentence(
        Object.entries(details)
          .map(([key, value]) => inWords(key, value))
          .join('; '),
      );
}
