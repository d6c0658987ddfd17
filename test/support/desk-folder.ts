// A desk as every face builds it (createDesk), on a data folder of the test's own, with the
// Local sandbox started in this process on first use, and a second connection to its outbox
// that sees only what the desk has committed.
import Database from 'better-sqlite3';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DeskEvent } from '../../shared/desk';
import { createDesk, type Desk } from '../../electron/core/desk';
import { startBuiltInSandbox } from '../../electron/sandbox-starter';

/** The tables an import writes to, or must leave as they were. */
const TABLES = ['batches', 'payment_drafts', 'beneficiary_drafts', 'column_mappings', 'audit_log'];

export class DeskFolder {
  readonly events: DeskEvent[] = [];
  private peekDb: Database.Database | undefined;

  private constructor(
    readonly dir: string,
    readonly desk: Desk,
  ) {
    desk.on((event) => this.events.push(event));
  }

  static async create(): Promise<DeskFolder> {
    const dir = await mkdtemp(join(tmpdir(), 'payout-desk-desk-'));
    // No keychain: the Local sandbox needs no credentials.
    const desk = createDesk({
      dataDir: join(dir, 'data'),
      startSandbox: startBuiltInSandbox,
      secretStore: null,
    });
    return new DeskFolder(dir, desk);
  }

  /** What another connection sees of the outbox: committed rows only. */
  peek(): Database.Database {
    this.peekDb ??= new Database(join(this.dir, 'data', 'outbox.sqlite'), {
      readonly: true,
      fileMustExist: true,
    });
    return this.peekDb;
  }

  /** Committed rows of every table an import writes to. */
  counts(): Record<string, number> {
    return Object.fromEntries(
      TABLES.map((table) => [
        table,
        this.peek().prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number,
      ]),
    );
  }

  /** The next event that fits, from now on. */
  next(fits: (event: DeskEvent) => boolean): Promise<DeskEvent> {
    return new Promise((resolve) => {
      const off = this.desk.on((event) => {
        if (!fits(event)) return;
        off();
        resolve(event);
      });
    });
  }

  async remove(): Promise<void> {
    this.peekDb?.close();
    await this.desk.close();
    await rm(this.dir, { recursive: true, force: true });
  }
}
