// An edit writes only the columns it changes. SQLite rewrites an index entry for each column an
// UPDATE assigns, changed or not, and a draft's columns sit in five indexes (its figures, amount,
// duplicate key…): bench:desk's bulk edit of 100,000 dates (`desk-bench-phase.ts bulk`) took
// 25-27 s assigning them all, 21 s assigning only the columns a date changes.
import type { Statement } from 'better-sqlite3';
import type { Db } from './database';
import type { DraftColumns } from './draft-columns';

/** A payment draft's columns an edit may write, each under its own name. */
export type ContentColumns = Partial<DraftColumns> & {
  body_json?: string;
  issues_json?: string;
  state?: string;
  duplicate_key?: string | null;
  updated_at?: string;
};

export class DraftContentUpdate {
  readonly #db: Db;
  /** One statement per set of columns written: an edit of one field writes the same set each time. */
  readonly #statements = new Map<string, Statement>();

  constructor(db: Db) {
    this.#db = db;
  }

  /** Writes `values` to the draft `id`; the names are the code's own, never input. */
  run(id: string, values: ContentColumns): void {
    const names = Object.keys(values);
    if (names.length === 0) return;
    const key = names.join(',');
    let statement = this.#statements.get(key);
    if (!statement) {
      const set = names.map((name) => `${name} = @${name}`).join(', ');
      statement = this.#db.prepare(`UPDATE payment_drafts SET ${set} WHERE id = @id`);
      this.#statements.set(key, statement);
    }
    statement.run({ ...values, id });
  }
}
