// The grid's source over a batch's drafts, through the desk: windows of the list as filtered
// and sorted, each cell's issues, the shared rules' verdict on a value as it is typed (the
// same applyDraftChanges and validateDraft the desk runs on save), and the save itself.
import {
  contentOf,
  MOST_PASTED_DRAFTS,
  type Draft,
  type DraftFilter,
  type DraftSort,
} from '../../../../shared/desk/drafts';
import { applyDraftChanges, type DraftChanges } from '../../../../shared/domain/draft-changes';
import { whyNotEditable } from '../../../../shared/domain/draft-state';
import { validateDraft } from '../../../../shared/domain/validate-draft';
import type { CellIssue, GridSource } from '../../components/grid/grid-source';
import { desk } from '../../lib/desk';
import { locale } from '../../lib/format';
import { dayOfTyped } from './typed-date';
import { draftColumns, type DraftColumn } from './draft-columns';
import { decimalOfTyped, thousandsLike } from './typed-amount';
import { currencyMinorUnits } from '../../../../shared/domain/currencies';

export interface DraftListView {
  batchId: string;
  filter(): DraftFilter | undefined;
  sort(): DraftSort;
  walletCurrency(): string | undefined;
  /**
   * An edit saved: the editor keeps it to redo after an undo, with the sheet row it came from
   * (null: a draft of none), to name it.
   */
  edited(id: string, changes: DraftChanges, row: number | null): void;
  /** A paste saved as one change: the editor keeps its edits (one a row) to redo. */
  pasted(edits: DraftEdit[]): void;
}

/** One draft's changes, as editDrafts takes them. */
export interface DraftEdit {
  id: string;
  changes: DraftChanges;
}

/** Today in the person's calendar, as the desk judges a date in the past. */
export function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The changes a typed text makes to a column's field; an unreadable amount is refused. An amount
 * may be typed with `currency`, the one the payment's amount is in ("£25.00").
 */
export function changesOf(
  column: DraftColumn,
  text: string,
  currency?: string,
): { ok: true; changes: DraftChanges } | { ok: false; message: string } {
  if (!column.field) return { ok: false, message: `${column.header} cannot be edited` };
  if (column.field === 'execution.date') {
    const date = dayOfTyped(text, locale);
    return date.ok ? { ok: true, changes: { 'execution.date': date.day } } : date;
  }
  if (column.field !== 'amount.amount') return { ok: true, changes: { [column.field]: text } };
  const amount = decimalOfTyped(text, locale, currency);
  return amount.ok ? { ok: true, changes: { 'amount.amount': amount.decimal } } : amount;
}

export function draftSource(view: DraftListView): GridSource<Draft> & { columns: DraftColumn[] } {
  const columns = draftColumns(() => view.walletCurrency());
  const byId = new Map(columns.map((column) => [column.id, column]));
  const claimed = new Set(columns.flatMap((column) => column.issueFields));
  const fieldsOf = (id: string) => byId.get(id)?.issueFields ?? [];
  const issuesOn = (column: string, issues: Draft['issues']): CellIssue[] =>
    issues
      .filter((issue) =>
        column === 'issues' ? !claimed.has(issue.field) : fieldsOf(column).includes(issue.field),
      )
      .map(({ severity, message }) => ({ severity, message }));

  /** The currency a draft's amount is in: its own, else the wallet's, as the rules read it. */
  const amountCurrency = (draft: Draft) =>
    contentOf(draft).payment.amount?.currency ?? view.walletCurrency();

  return {
    columns,
    rowId: (draft) => draft.id,
    async fetch(skip, take) {
      const window = await desk.draftWindow({
        batch: view.batchId,
        skip,
        take,
        sort: view.sort(),
        filter: view.filter(),
      });
      return { total: window.total, rows: window.rows };
    },
    async locate(id) {
      const window = await desk.draftWindow({
        batch: view.batchId,
        take: 1,
        sort: view.sort(),
        filter: view.filter(),
        locate: id,
      });
      return window.located ?? null;
    },
    issues: (draft, column) => issuesOn(column, draft.issues),
    // As the desk would refuse it on save, said before anything is typed.
    readOnly: (draft) =>
      whyNotEditable(draft.state, draft.row === null ? 'This draft' : `Row ${draft.row}`),
    check(draft, column, text) {
      const target = byId.get(column);
      if (!target) return [];
      const change = changesOf(target, text, amountCurrency(draft));
      if (!change.ok) return [{ severity: 'error', message: change.message }];
      const applied = applyDraftChanges(contentOf(draft), change.changes);
      if (!applied.ok) return [{ severity: 'error', message: applied.message }];
      const context = { today: today(), walletCurrency: view.walletCurrency() };
      const issues = issuesOn(column, validateDraft(applied.content, context));
      if (target.field === 'amount.amount') {
        const currency = applied.content.payment.amount?.currency ?? context.walletCurrency;
        const doubt = thousandsLike(
          text,
          locale,
          currency ? currencyMinorUnits(currency) : undefined,
        );
        if (doubt) issues.push({ severity: 'warning', message: doubt });
      }
      return issues;
    },
    async save(draft, column, text) {
      const target = byId.get(column);
      if (!target) throw new Error(`no column ${column}`);
      const change = changesOf(target, text, amountCurrency(draft));
      if (!change.ok) throw new Error(change.message);
      const saved = await desk.editDraft({ id: draft.id, changes: change.changes });
      view.edited(draft.id, change.changes, draft.row);
      return saved;
    },
    async saveBlock(cells) {
      // Each value judged as if typed; those that read go to the desk as one change, one edit
      // per row however many of its cells were pasted.
      const byDraft = new Map<string, { changes: DraftChanges; cells: number }>();
      const refused: string[] = [];
      for (const { row: draft, column, text } of cells) {
        const target = byId.get(column);
        const change = target
          ? changesOf(target, text, amountCurrency(draft))
          : { ok: false as const, message: `no column ${column}` };
        if (!change.ok) {
          refused.push(change.message);
          continue;
        }
        const edit = byDraft.get(draft.id) ?? { changes: {}, cells: 0 };
        byDraft.set(draft.id, {
          changes: { ...edit.changes, ...change.changes },
          cells: edit.cells + 1,
        });
      }
      if (byDraft.size === 0) return { rows: [], saved: 0, refused, unnamed: 0 };
      if (byDraft.size > MOST_PASTED_DRAFTS) {
        throw new Error(
          `a paste changes at most ${MOST_PASTED_DRAFTS.toLocaleString(locale)} rows at a time (this one, ${byDraft.size.toLocaleString(locale)}): paste it in parts, or use Bulk edit`,
        );
      }
      const edits = [...byDraft].map(([id, { changes }]) => ({ id, changes }));
      const done = await desk.editDrafts({ batch: view.batchId, edits });
      refused.push(
        ...done.refused.map(({ row, reason }) =>
          row === null ? reason : `${reason} (row ${row})`,
        ),
      );
      const unnamed = done.refused_total - done.refused.length;
      const savedIds = new Set(done.drafts.map((draft) => draft.id));
      const kept = edits.filter((edit) => savedIds.has(edit.id));
      if (kept.length > 0) view.pasted(kept);
      // The cells of the rows saved, less their values the desk refused.
      const sent = kept.reduce((sum, edit) => sum + (byDraft.get(edit.id)?.cells ?? 0), 0);
      const refusedOfSaved = done.refused.filter((refusal) => savedIds.has(refusal.id)).length;
      return { rows: done.drafts, saved: sent - refusedOfSaved, refused, unnamed };
    },
  };
}
