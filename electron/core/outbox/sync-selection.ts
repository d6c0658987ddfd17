// The payments a sync run sends: the batch's approved drafts as they stand when the run starts,
// their ids kept in a table of this connection's own (TEMP: gone with it, as the run is). A
// draft approved while the run sends, in another window or by the command line, waits for the
// next sync and its own confirmation: the run once sent 199 payments where 100 were confirmed.
// A draft of the selection edited meanwhile is a draft again, and is not sent either.
import { randomUUID } from 'node:crypto';
import type { Db } from './database';
import { DRAFT_SELECT, toDraft, type DraftRow } from './draft-rows';
import type { Draft } from '../../../shared/desk/drafts';

export interface SelectionFigures {
  count: number;
  /**
   * Thousandths by currency: the amount's own, else the wallet's (`walletCurrency`; '' while it
   * is unknown), as a batch's figures key them.
   */
  totals: Map<string, bigint>;
}

export class SyncSelection {
  private readonly sql;

  constructor(db: Db) {
    db.exec(`CREATE TEMP TABLE IF NOT EXISTS sync_selection (
      selection TEXT NOT NULL, draft_id TEXT NOT NULL, PRIMARY KEY (selection, draft_id)
    ) WITHOUT ROWID`);
    this.sql = {
      take: db.prepare(
        `INSERT INTO temp.sync_selection (selection, draft_id)
         SELECT ?, id FROM payment_drafts WHERE batch_id = ? AND state = 'approved'`,
      ),
      approved: db.prepare(
        `${DRAFT_SELECT} JOIN temp.sync_selection s ON s.draft_id = p.id
         WHERE s.selection = ? AND p.state = 'approved' LIMIT ?`,
      ),
      figures: db
        .prepare(
          `SELECT coalesce(p.amount_currency, ?, '') AS currency, COUNT(*) AS count,
             SUM(p.amount_milli) AS milli
           FROM payment_drafts p JOIN temp.sync_selection s ON s.draft_id = p.id
           WHERE s.selection = ? AND p.state = 'approved' GROUP BY 1`,
        )
        .safeIntegers(true),
      drop: db.prepare('DELETE FROM temp.sync_selection WHERE selection = ?'),
    };
  }

  /** The batch's approved drafts now, as a new selection; its id and how many it holds. */
  take(batchId: string): { id: string; count: number } {
    const id = randomUUID();
    return { id, count: this.sql.take.run(id, batchId).changes };
  }

  /** The selection's drafts still approved, the first `limit` of them. */
  approved(selection: string, limit: number): Draft[] {
    return (this.sql.approved.all(selection, limit) as DraftRow[]).map(toDraft);
  }

  figures(selection: string, walletCurrency: string | null): SelectionFigures {
    const rows = this.sql.figures.all(walletCurrency, selection) as {
      currency: string;
      count: bigint;
      milli: bigint | null;
    }[];
    const totals = new Map<string, bigint>();
    let count = 0;
    for (const row of rows) {
      count += Number(row.count);
      if (row.milli !== null) totals.set(row.currency, row.milli);
    }
    return { count, totals };
  }

  drop(selection: string): void {
    this.sql.drop.run(selection);
  }
}
