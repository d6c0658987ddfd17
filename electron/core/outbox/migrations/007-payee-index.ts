// The payee list's own index: one entry per payee the Beneficiaries screen lists (a new payee
// drafted with its payment, a payee saved here, and a payee the service held that payments name
// by id only, once per batch that names it), in the order the list shows them, with its status
// and account number for the list's filters. The list was a union of the three sources, counted
// and sorted whole on every page (0.35–0.64 s at 100,000 drafts); from this table a page is a
// walk of one B-tree in order, and a count a scan of it.
//
// Kept by triggers on every change but a payment's insert (see below), so that no write path
// (edit, undo, sync, validation, delete, append) can leave it behind. A sheet import writes
// nothing here: its rows go into a batch still `importing`, which the list leaves out, and the
// batch's payees come in by one statement, in order, the first time the list is asked for
// once the batch is ready (outbox/payee-index.ts): about a second of writing for 100,000
// payees, which in the import itself made its writing thread a tenth slower. Each entry is
// found by its key, worked out again from the row that changed: the table has no other index
// for a write to keep but the small one of payees known by id.
//
// The key folds names with payee_sort_key() (outbox/payee-fold.ts), which migrate() registers on
// every connection: a connection without it cannot write drafts, and says so, rather than leave
// the index wrong.
import type { Migration } from './migration';

/**
 * The key a name or id sorts by: lower case, accents folded (in JS) only where there are any.
 * outbox/payee-index.ts lists payees with this same expression, so its entries and the
 * triggers' agree.
 */
export const payeeSortKey = (text: string) =>
  `CASE WHEN (${text}) GLOB '*[^ -~]*' THEN payee_sort_key(${text}) ELSE lower(${text}) END`;
/** A drafted payee's key: its payment's payee name, or its id while it has none. */
const draftedKey = (p: string) => payeeSortKey(`coalesce(${p}.payee, ${p}.beneficiary_draft_id)`);
const account = (body: string) => `json_extract(${body}, '$.bank_details.account_number')`;
const target = (payment: string) => `json_extract(${payment}.body_json, '$.target.id')`;
const ready = (batch: string) =>
  `EXISTS (SELECT 1 FROM batches WHERE id = ${batch} AND state = 'ready')`;
/** A payee known by id only is listed as drafted or saved here once the outbox has it so. */
const notOwn = (id: string) =>
  `${id} NOT IN (SELECT id FROM beneficiary_drafts)
   AND ${id} NOT IN (SELECT id FROM standalone_beneficiaries)`;
const COLUMNS = 'sort_key, id, batch_id, kind, status, account';

/** The new payee of payment `p` (a NEW row), in the payment's batch once that is ready. */
const addDrafted = (p: string) => `
  INSERT OR REPLACE INTO payee_index (${COLUMNS})
  SELECT ${draftedKey(p)}, b.id, ${p}.batch_id, 'drafted', b.sync_state, ${account('b.body_json')}
  FROM beneficiary_drafts b WHERE b.id = ${p}.beneficiary_draft_id AND ${ready(`${p}.batch_id`)};`;
const removeDrafted = (p: string) => `
  DELETE FROM payee_index WHERE sort_key = ${draftedKey(p)} AND id = ${p}.beneficiary_draft_id
    AND batch_id = ${p}.batch_id;`;
/** Entries of `id` as a payee known by id only: it is the outbox's own now. */
const removeHeld = (id: string) => `
  DELETE FROM payee_index WHERE sort_key = ${payeeSortKey(id)} AND id = ${id} AND kind = 'held';`;

/**
 * Payee `t`, named by id only by payment `p` (an OLD or NEW row), in that payment's batch:
 * listed while a payment of that ready batch names it and the outbox has no payee of its own
 * with that id. Worked out again whole.
 */
const recomputeHeld = (p: string) => {
  const t = target(p);
  return `
  DELETE FROM payee_index WHERE ${p}.beneficiary_draft_id IS NULL AND sort_key = ${payeeSortKey(t)}
    AND id = ${t} AND batch_id = ${p}.batch_id;
  INSERT OR IGNORE INTO payee_index (${COLUMNS})
  SELECT ${payeeSortKey(t)}, ${t}, ${p}.batch_id, 'held', 'held', NULL
  WHERE ${p}.beneficiary_draft_id IS NULL AND coalesce(${t}, '') <> '' AND ${ready(`${p}.batch_id`)}
    AND ${notOwn(t)}
    AND EXISTS (SELECT 1 FROM payment_drafts q WHERE q.beneficiary_draft_id IS NULL
      AND ${target('q')} = ${t} AND q.batch_id = ${p}.batch_id);`;
};

/** Payee `id` known by id only again, in every ready batch naming it, once its own row is gone. */
const restoreHeld = (id: string) => `
  INSERT OR IGNORE INTO payee_index (${COLUMNS})
  SELECT ${payeeSortKey(id)}, ${id}, p.batch_id, 'held', 'held', NULL
  FROM payment_drafts p
  WHERE p.beneficiary_draft_id IS NULL AND ${target('p')} = ${id} AND ${ready('p.batch_id')}
    AND ${notOwn(id)}
  GROUP BY p.batch_id;`;

/** Every payee of the batches `where` finds (over `p`). */
const addBatches = (where: string) => `
  INSERT OR REPLACE INTO payee_index (${COLUMNS})
  SELECT ${draftedKey('p')}, b.id, p.batch_id, 'drafted', b.sync_state, ${account('b.body_json')}
  FROM payment_drafts p JOIN beneficiary_drafts b ON b.id = p.beneficiary_draft_id
  WHERE ${where}
  ORDER BY 1, 2;
  INSERT OR IGNORE INTO payee_index (${COLUMNS})
  SELECT ${payeeSortKey('t')}, t, batch_id, 'held', 'held', NULL FROM (
    SELECT DISTINCT ${target('p')} AS t, p.batch_id FROM payment_drafts p
    WHERE ${where} AND p.beneficiary_draft_id IS NULL)
  WHERE coalesce(t, '') <> '' AND ${notOwn('t')}
  ORDER BY 1, 2;`;

const savedKey = (s: string) => payeeSortKey(`coalesce(${s}.name, ${s}.id)`);
const addSaved = (s: string) => `
  INSERT OR REPLACE INTO payee_index (${COLUMNS})
  VALUES (${savedKey(s)}, ${s}.id, '', 'saved', ${s}.sync_state, ${account(`${s}.body_json`)});`;
const removeSaved = (s: string) => `
  DELETE FROM payee_index WHERE sort_key = ${savedKey(s)} AND id = ${s}.id AND batch_id = '';`;

export const payeeIndex: Migration = {
  version: 7,
  name: 'payee list index, kept by triggers',
  up(db) {
    db.exec(`
      -- In the list's order, with what its filters read: a page is a range of it.
      -- Whether the list has this batch's payees: a batch gets them the first time the list is
      -- asked for once it is ready (outbox/payee-index.ts), not in the import that makes it.
      ALTER TABLE batches ADD COLUMN payees_listed INTEGER NOT NULL DEFAULT 0;
      CREATE TABLE payee_index (
        sort_key TEXT NOT NULL,
        id TEXT NOT NULL,
        -- '' for a payee saved here, in no batch
        batch_id TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('drafted', 'held', 'saved')),
        status TEXT NOT NULL,
        account TEXT,
        PRIMARY KEY (sort_key, id, batch_id)
      ) WITHOUT ROWID;
      -- The payees known by id only, by id: whether one has entries in two batches (and the list
      -- must merge them) is known without reading the others.
      CREATE INDEX payee_index_held ON payee_index(id) WHERE kind = 'held';
      -- The payments that name a payee by id only, by that id: the triggers' and the list's
      -- lookups of a payee known by id. It holds no entry for a payment with a new payee, so a
      -- sheet of new payees costs it nothing.
      CREATE INDEX payment_drafts_by_held_target
        ON payment_drafts(json_extract(body_json, '$.target.id'), batch_id)
        WHERE beneficiary_draft_id IS NULL;

      CREATE TRIGGER payee_index_batch_deleted AFTER DELETE ON batches
      BEGIN DELETE FROM payee_index WHERE batch_id = old.id; END;

      -- No trigger on a payment's insert: any trigger on it has SQLite journal each insert
      -- statement on its own (so that it can be undone alone), and an import's 100,000 inserts,
      -- into a batch the list leaves out until it is ready, took a third longer for a trigger
      -- that did nothing. The two writers of a payment into a ready batch, an undone deletion and
      -- DraftRepository.create, list its payee themselves (outbox/payee-index.ts).
      CREATE TRIGGER payee_index_payment_removed AFTER DELETE ON payment_drafts
      WHEN ${ready('old.batch_id')}
      BEGIN
        ${removeDrafted('old')}
        ${recomputeHeld('old')}
      END;
      -- Only what the list shows: an edit of an amount or a state changes no entry.
      CREATE TRIGGER payee_index_payment_changed
      AFTER UPDATE OF payee, batch_id, beneficiary_draft_id, body_json ON payment_drafts
      WHEN old.payee IS NOT new.payee OR old.batch_id IS NOT new.batch_id
        OR old.beneficiary_draft_id IS NOT new.beneficiary_draft_id
        OR ${target('old')} IS NOT ${target('new')}
      BEGIN
        ${removeDrafted('old')}
        ${recomputeHeld('old')}
        ${removeHeld('new.beneficiary_draft_id')}
        ${addDrafted('new')}
        ${recomputeHeld('new')}
      END;

      -- A drafted payee's status (a sync, a validation) and account number (an edit), found
      -- by its payment, which has the same batch and sheet row.
      CREATE TRIGGER payee_index_beneficiary_changed
      AFTER UPDATE OF sync_state, body_json ON beneficiary_drafts
      WHEN old.sync_state IS NOT new.sync_state OR old.body_json IS NOT new.body_json
      BEGIN
        UPDATE payee_index SET status = new.sync_state, account = ${account('new.body_json')}
        WHERE sort_key = (
            SELECT ${draftedKey('p')} FROM payment_drafts p WHERE p.batch_id = new.batch_id
              AND p.source_row IS new.source_row AND p.beneficiary_draft_id = new.id)
          AND id = new.id AND batch_id = new.batch_id;
      END;
      -- Its payment (which references it) is deleted first, with its entry. A new
      -- beneficiary's id is made at insert, so no payee known by id has it yet; one put back by
      -- an undo comes with its payment, whose trigger above lists it.
      CREATE TRIGGER payee_index_beneficiary_removed AFTER DELETE ON beneficiary_drafts
      BEGIN ${restoreHeld('old.id')} END;

      CREATE TRIGGER payee_index_saved_added AFTER INSERT ON standalone_beneficiaries
      BEGIN
        ${removeHeld('new.id')}
        ${addSaved('new')}
      END;
      CREATE TRIGGER payee_index_saved_changed AFTER UPDATE ON standalone_beneficiaries
      BEGIN
        ${removeSaved('old')}
        ${addSaved('new')}
      END;
      CREATE TRIGGER payee_index_saved_removed AFTER DELETE ON standalone_beneficiaries
      BEGIN
        ${removeSaved('old')}
        ${restoreHeld('old.id')}
      END;
    `);
    // The payees an existing outbox already lists.
    db.exec(`
      ${addBatches(`p.batch_id IN (SELECT id FROM batches WHERE state = 'ready')`)}
      UPDATE batches SET payees_listed = 1 WHERE state = 'ready';
      INSERT OR REPLACE INTO payee_index (${COLUMNS})
      SELECT ${savedKey('s')}, s.id, '', 'saved', s.sync_state, ${account('s.body_json')}
      FROM standalone_beneficiaries s;
    `);
  },
};
